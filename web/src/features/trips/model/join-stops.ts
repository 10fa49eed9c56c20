import type { Place, Trip, TripMatch } from '@/components/trip/trip'

/**
 * Where a rider asks to join and leave a trip: a place of their own, or null for the trip's own end. The
 * ends are shown to the rider as the trip gives them (approximate for a stranger), and never sent back as stops.
 */
export type JoinStops = { origin: Place; destination: Place; pickup: Place | null; drop: Place | null }

/** What the trip sheet was opened with: a search result or Trips Around You card hands over its match. */
export const matchFromState = (state: unknown): TripMatch | null => {
  const match = (state as { match?: TripMatch } | null)?.match
  return match && (match.kind === 'ends' || match.kind === 'along') ? match : null
}

/** The place a trip's end is, as a place field shows it. */
const endPlace = (end: Trip['origin']): Place => ({
  name: end.name,
  place_id: end.place_id ?? '',
  latitude: end.latitude,
  longitude: end.longitude,
})

/** A match's stop as a place field shows it; Trips Around You names no place for where the person is. */
const matchPlace = (stop: TripMatch['pickup']): Place => ({
  name: stop.name || 'Your location',
  place_id: '',
  latitude: stop.latitude,
  longitude: stop.longitude,
})

const samePoint = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  Math.abs(a.latitude - b.latitude) < 1e-6 && Math.abs(a.longitude - b.longitude) < 1e-6

/** The pick-up and drop offered first: the match's along the way, else the trip's ends. */
export function joinStopsFor(trip: Trip, match: TripMatch | null): JoinStops {
  const origin = endPlace(trip.origin)
  const destination = endPlace(trip.destination)
  const own = (stop: TripMatch['pickup'] | undefined, end: Place) =>
    match?.kind === 'along' && stop && !samePoint(stop, end) ? matchPlace(stop) : null
  return { origin, destination, pickup: own(match?.pickup, origin), drop: own(match?.drop, destination) }
}

const joinStop = ({ latitude, longitude, name, place_id }: Place): Place => ({
  latitude,
  longitude,
  name,
  place_id,
})

/** The stops of POST /api/trip/user: only those of the rider's own; none means the trip's ends. */
export function joinStopsBody(stops: JoinStops | undefined): { pickup?: Place; drop?: Place } {
  if (!stops) return {}
  return {
    ...(stops.pickup ? { pickup: joinStop(stops.pickup) } : {}),
    ...(stops.drop ? { drop: joinStop(stops.drop) } : {}),
  }
}
