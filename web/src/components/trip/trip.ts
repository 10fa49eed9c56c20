import type { components } from '@/generated/api'
import { LIMITS } from '@/generated/rules'
import type { Key, Translate } from '@/i18n'
import { fromIndiaWallTime } from '@/i18n/format'
import type { Format } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/tripCard'

type Schemas = components['schemas']

/** A place as the trip calls carry it (SPEC §3 Location). */
export type Place = Schemas['Location']
/** GET /api/trip/trip/{id} and every trip list (SPEC §3 Trip). */
export type Trip = Schemas['TripPublic']
/** A trip as search and Trips Around You find it: a trip with how it was found. */
export type TripFound = Schemas['TripFound']
/** How a search or Trips Around You found a trip: at its ends or along its way. */
export type TripMatch = Schemas['TripMatch']

/** Transport mode codes (SPEC §3): 1 Cab, 2 Auto, 3 Undecided, anything else Self Drive. */
export const MODES = { cab: 1, auto: 2, undecided: 3, selfDrive: 4 } as const

export const MODE_CHOICES: readonly number[] = [MODES.cab, MODES.auto, MODES.undecided, MODES.selfDrive]

/** The catalog key naming a mode: 'Cab', 'Auto', 'Undecided', 'Self Drive'. */
export function modeKey(code: number): Extract<Key, `tripCard.mode${string}`> {
  if (code === MODES.cab) return 'tripCard.modeCab'
  if (code === MODES.auto) return 'tripCard.modeAuto'
  if (code === MODES.undecided) return 'tripCard.modeUndecided'
  return 'tripCard.modeSelfDrive'
}

export const modeLabel = (code: number, t: Translate): string => t(modeKey(code))

/** "2026-05-14 09:05" -> its parts, read as written (the server already speaks India time). */
export function scheduleParts(scheduledAt: string): { date: string; time: string; hour: number } {
  const [date = '', time = ''] = scheduledAt.trim().split(/[ T]/)
  return { date, time: time.slice(0, 5), hour: Number(time.slice(0, 2)) }
}

/** "09:05" (India's clock) as a moment for format.time: India keeps one offset all year, so any day tells it. */
export const clockMoment = (time: string): Date => fromIndiaWallTime(`2000-01-01 ${time}`)

/** When a trip leaves, its date and time the language's way: "2026-05-14 09:05" (India time) -> "14 May 2026 · 9:05 am". */
export function tripWhen(scheduledAt: string | Date, format: Pick<Format, 'date' | 'time'>): string {
  const moment = typeof scheduledAt === 'string' ? fromIndiaWallTime(scheduledAt) : scheduledAt
  return `${format.date(moment)} · ${format.time(moment)}`
}

/** Morning before 12, Afternoon from 12 until 15, Evening after (SPEC §9). */
export function timeOfDayLabel(hour: number, t: Translate): string {
  if (hour < 12) return t('tripCard.morning')
  if (hour < 15) return t('tripCard.afternoon')
  return t('tripCard.evening')
}

export type TripBadge = 'Hosted' | 'Requested' | 'Cab Booked' | 'Cancelled' | 'Trip Full' | 'Almost Full'

/** Each badge's words in the catalog. */
export const BADGE_KEYS = {
  Hosted: 'tripCard.badgeHosted',
  Requested: 'tripCard.badgeRequested',
  'Cab Booked': 'tripCard.badgeCabBooked',
  Cancelled: 'tripCard.badgeCancelled',
  'Trip Full': 'tripCard.badgeTripFull',
  'Almost Full': 'tripCard.badgeAlmostFull',
} as const satisfies Record<TripBadge, Key>

export function tripBadges(trip: Trip): TripBadge[] {
  const badges: TripBadge[] = []
  if (trip.is_current_user_host) badges.push('Hosted')
  else if (trip.user_status === 'requested') badges.push('Requested')
  const cabStatus = trip.cab?.status
  if (cabStatus === 'requested' || cabStatus === 'booked') badges.push('Cab Booked')
  if (trip.status === 'CANCELLED') badges.push('Cancelled')
  else if (trip.active_passenger_count >= trip.total_passengers) badges.push('Trip Full')
  else if (isAlmostFull(trip.active_passenger_count, trip.total_passengers)) badges.push('Almost Full')
  return badges
}

/** The fewest seats a trip has for 'Almost Full' to mean anything: of two seats, one left is simply half empty. */
export const ALMOST_FULL_MIN_SEATS = 3

/** One seat left of three or more: 'Almost Full'. A full trip is 'Trip Full' instead. */
export function isAlmostFull(activeCount: number, totalSeats: number): boolean {
  return totalSeats >= ALMOST_FULL_MIN_SEATS && totalSeats - activeCount === 1
}

/** "Priya" of "Priya Sharma": cards name a host as people call each other; the sheet gives the full name. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? ''
}

/**
 * A distance in km, 'about' it when measured from approximate ends: until the host accepts someone, they see each end
 * at the centre of its cell (docs/security.md "Where a host lives"), so their distances differ a little from the
 * members'.
 */
export const tripDistance = (trip: { origin: { is_approximate?: boolean | null } }, km: number, t: Translate): string =>
  trip.origin.is_approximate ? t('tripCard.aboutDistance', { distance: formatKm(km) }) : formatKm(km)

/**
 * The per-person cost: from the total split over every seat up to half the total (the host pays the full share
 * until the trip fills), or 'Not booked' when there is no cost. `money` writes rupees in the language (useFormat).
 */
export function costRange(estimatedCost: number, totalPassengers: number, t: Translate, money: (rupees: number) => string): string {
  if (!estimatedCost) return t('tripCard.notBooked')
  const low = Math.round(estimatedCost / Math.max(totalPassengers, 1))
  const high = Math.round(estimatedCost / 2)
  return low === high ? money(low) : `${money(low)} - ${money(high)}`
}

const formatKg = (kg: number) => (Number.isInteger(kg) ? String(kg) : kg.toFixed(1))

/**
 * The CO2 sentence: 'Saved' once the trip is past, 'Saving' for its members before, 'Save' for everyone else, who
 * would add the next seat's saving by joining.
 */
export function co2Line(
  trip: Pick<Trip, 'is_past' | 'is_current_user_host' | 'user_status' | 'current_co2_saving' | 'next_co2_saving'>,
  t: Translate,
): string {
  if (trip.is_past) return t('tripCard.co2Saved', { kg: formatKg(trip.current_co2_saving) })
  const member = trip.is_current_user_host || trip.user_status === 'active'
  if (member) return t('tripCard.co2Saving', { kg: formatKg(trip.current_co2_saving) })
  return t('tripCard.co2Save', { kg: formatKg(trip.next_co2_saving) })
}

/** One tree for every 50 kg of CO2 avoided. */
export const treesFor = (kgCo2: number): number => Math.floor(kgCo2 / LIMITS.KG_CO2_PER_TREE)

/** "12.3" km, one decimal, for distances the server gives in km. */
export const formatKm = (km: number): string => `${km < 10 ? km.toFixed(1) : Math.round(km)} km`
