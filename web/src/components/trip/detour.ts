/**
 * How far a host will go out of their way for riders along it: the choices a trip offers and how they are said. Apart
 * from ./along, so trip cards carry none of the choices.
 */
import { CHOICES } from '@/generated/rules'
import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/tripCard'

/** How far a host will go out of their way, in minutes (domain/rules/choices.py). */
export const { DETOUR_CHOICES, DEFAULT_DETOUR_MINUTES } = CHOICES

/** '10 minutes', and for 0 what it means: riders at the ends only. */
export const detourChoiceLabel = (minutes: number, t: Translate): string =>
  minutes === 0 ? t('tripCard.detourEndsOnly') : t('tripCard.detourUpTo', { count: minutes })
