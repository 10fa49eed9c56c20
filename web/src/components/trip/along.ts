/**
 * Riders along the way, as a trip card says them: how a search or Trips Around You found the trip (TripFound's
 * `match`). What each rider of a trip adds is ./rider-stops.
 */
import { formatKm, type Trip, type TripFound, type TripMatch } from './trip'
import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/tripCard'
import { placeShortName } from '@/lib/location'

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
