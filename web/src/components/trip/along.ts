/**
 * Riders along the way (issue 37): what the trip calls add for a rider who joins or leaves between the host's ends,
 * and how the screens say it.
 *
 * The types are written by hand until web/src/generated carries them: `TripMatch` and `MatchStop` (the search's and
 * Trips Around You's `match`), `RiderStop` and `RiderStops` (each passenger's `pickup`, `drop` and `detour_minutes`),
 * `max_detour_minutes` of a trip and the `pickup`/`drop` of POST /api/trip/user. Replace them with the generated
 * schemas (TripPublic, TripPassengerView, TripCreate, TripUpdate, CommuteCreate, JoinRequest) once they are there.
 */
import { formatKm, type Place, type Trip } from './trip'
import { placeShortName } from '@/lib/location'

/** How far a host will go out of their way, in minutes (domain/rules/along.py DETOUR_CHOICES). */
export const DETOUR_CHOICES = [0, 5, 10, 15, 20, 30] as const
export const DEFAULT_DETOUR_MINUTES = 10

/** '10 minutes', and for 0 what it means: riders at the ends only. */
export const detourChoiceLabel = (minutes: number): string =>
  minutes === 0 ? 'Only riders at my start and end' : `Up to ${minutes} minutes`

/** A pick-up or drop of a match: where, and how far the rider walks to it (whole metres). */
export type MatchStop = { name: string; latitude: number; longitude: number; walk_m: number }

/** How a search or Trips Around You found a trip: at its ends (today's rule) or along its way. */
export type TripMatch = {
  kind: 'ends' | 'along'
  pickup: MatchStop
  drop: MatchStop
  detour_minutes: number
}

/** A rider's stop as the trip views give it: their own, else the trip's end. */
export type RiderStop = { name: string; latitude: number; longitude: number }

/** What each passenger of a trip view adds. */
export type RiderStops = { pickup?: RiderStop | null; drop?: RiderStop | null; detour_minutes?: number | null }

/** What a trip view adds. */
export type AlongTrip = { max_detour_minutes?: number | null; match?: TripMatch | null }

/** A stop a rider asks for with POST /api/trip/user (a Location: the place id is empty for a match's own point). */
export type JoinStop = { latitude: number; longitude: number; name: string; place_id: string }

/** The trip's own fields of riders along the way; absent while the API does not send them. */
export const alongOf = (trip: Trip): AlongTrip => trip as Trip & AlongTrip

/** A passenger's stops; absent while the API does not send them. */
export const riderStopsOf = (person: object): RiderStops => person as RiderStops

/** The host's budget as the trip gives it; a trip that does not say has the default. */
export const tripDetourMinutes = (trip: Trip): number => alongOf(trip).max_detour_minutes ?? DEFAULT_DETOUR_MINUTES

/** "600 m", "1.2 km": how far someone walks (whole metres from the API), the way the app writes kilometres. */
export function formatWalk(metres: number): string {
  if (metres < 1000) return `${Math.max(10, Math.round(metres / 10) * 10)} m`
  return formatKm(metres / 1000)
}

/** A match along the way, as its card says it; null for a match at the ends, which cards show as they always have. */
export function alongLine(match: TripMatch | null | undefined): string | null {
  if (!match || match.kind !== 'along') return null
  const detour = `host's detour about ${Math.ceil(match.detour_minutes)} min`
  const place = placeShortName(match.pickup.name)
  // Trips Around You names no place: the pick-up is where the person is.
  if (!place) return `Along the way: passes near you · ${detour}`
  const walk = match.pickup.walk_m > 0 ? ` (${formatWalk(match.pickup.walk_m)} from you)` : ''
  return `Along the way: pick-up near ${place}${walk} · ${detour}`
}

/** "Joins at HSR Layout · leaves at Shivajinagar · +6 min"; null when the view says nothing of the rider's stops. */
export function riderStopsLine(person: object): string | null {
  const { pickup, drop, detour_minutes: detour } = riderStopsOf(person)
  if (!pickup || !drop) return null
  const extra = detour && detour > 0 ? ` · +${Math.ceil(detour)} min` : ''
  return `Joins at ${placeShortName(pickup.name)} · leaves at ${placeShortName(drop.name)}${extra}`
}

/** The place a trip's end is, as a place field shows it. */
export const endPlace = (end: Trip['origin']): Place => ({
  name: end.name,
  place_id: end.place_id ?? '',
  latitude: end.latitude,
  longitude: end.longitude,
})

/** A match's stop as a place field shows it; Trips Around You names no place for where the person is. */
export const matchPlace = (stop: MatchStop): Place => ({
  name: stop.name || 'Your location',
  place_id: '',
  latitude: stop.latitude,
  longitude: stop.longitude,
})
