/**
 * Riders along the way, as the trip sheet says them: where each passenger joins and leaves between the host's ends and
 * what it adds (TripPassengerView's `pickup`, `drop` and `detour_minutes`).
 */
import type { Trip } from './trip'
import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/tripCard'
import { placeShortName } from '@/lib/location'

/** What a passenger of a trip view says of their own stops. */
type RiderStops = Pick<Trip['passengers'][number], 'pickup' | 'drop' | 'detour_minutes'>

/** "Joins at HSR Layout · leaves at Shivajinagar · +6 min"; null when the view says nothing of the rider's stops. */
export function riderStopsLine({ pickup, drop, detour_minutes: detour }: RiderStops, t: Translate): string | null {
  if (!pickup || !drop) return null
  const stops = { pickup: placeShortName(pickup.name), drop: placeShortName(drop.name) }
  return detour && detour > 0
    ? t('tripCard.riderStopsDetour', { ...stops, minutes: Math.ceil(detour) })
    : t('tripCard.riderStops', stops)
}
