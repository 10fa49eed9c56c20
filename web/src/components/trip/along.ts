/**
 * Riders along the way: what the trip calls add for a rider who joins or leaves between the host's ends,
 * and how the screens say it. The search's and Trips Around You's `match` is TripFound's; each passenger's `pickup`,
 * `drop` and `detour_minutes` are TripPassengerView's.
 */
import { formatKm, type Place, type Trip, type TripFound, type TripMatch } from './trip'
import { CHOICES } from '@/generated/rules'
import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/tripCard'
import { placeShortName } from '@/lib/location'

/** How far a host will go out of their way, in minutes (domain/rules/choices.py). */
export const { DETOUR_CHOICES, DEFAULT_DETOUR_MINUTES } = CHOICES

/** '10 minutes', and for 0 what it means: riders at the ends only. */
export const detourChoiceLabel = (minutes: number, t: Translate): string =>
  minutes === 0 ? t('tripCard.detourEndsOnly') : t('tripCard.detourUpTo', { count: minutes })

/** What a passenger of a trip view says of their own stops. */
type RiderStops = Pick<Trip['passengers'][number], 'pickup' | 'drop' | 'detour_minutes'>

/** How a trip was found; only search and Trips Around You say, and a trip read any other way has no match. */
export const matchOf = (trip: Trip | TripFound): TripMatch | null => ('match' in trip ? trip.match : null)

/** "600 m", "1.2 km": how far someone walks (whole metres from the API), the way the app writes kilometres. */
export function formatWalk(metres: number): string {
  if (metres < 1000) return `${Math.max(10, Math.round(metres / 10) * 10)} m`
  return formatKm(metres / 1000)
}

/** A match along the way, as its card says it; null for a match at the ends, which cards show as they always have. */
export function alongLine(match: TripMatch | null, t: Translate): string | null {
  if (!match || match.kind !== 'along') return null
  const detour = t('tripCard.hostDetour', { minutes: Math.ceil(match.detour_minutes) })
  const place = placeShortName(match.pickup.name)
  // Trips Around You names no place: the pick-up is where the person is.
  if (!place) return t('tripCard.alongNearYou', { detour })
  if (match.pickup.walk_m <= 0) return t('tripCard.alongPickup', { place, detour })
  return t('tripCard.alongPickupWalk', { place, walk: formatWalk(match.pickup.walk_m), detour })
}

/** "Joins at HSR Layout · leaves at Shivajinagar · +6 min"; null when the view says nothing of the rider's stops. */
export function riderStopsLine({ pickup, drop, detour_minutes: detour }: RiderStops, t: Translate): string | null {
  if (!pickup || !drop) return null
  const stops = { pickup: placeShortName(pickup.name), drop: placeShortName(drop.name) }
  return detour && detour > 0
    ? t('tripCard.riderStopsDetour', { ...stops, minutes: Math.ceil(detour) })
    : t('tripCard.riderStops', stops)
}

/** The place a trip's end is, as a place field shows it. */
export const endPlace = (end: Trip['origin']): Place => ({
  name: end.name,
  place_id: end.place_id ?? '',
  latitude: end.latitude,
  longitude: end.longitude,
})

/** A match's stop as a place field shows it; Trips Around You names no place for where the person is. */
export const matchPlace = (stop: TripMatch['pickup']): Place => ({
  name: stop.name || 'Your location',
  place_id: '',
  latitude: stop.latitude,
  longitude: stop.longitude,
})
