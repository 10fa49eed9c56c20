/** What home, the trip screens and the chat share of the trip API: one query key, and one function per endpoint. */
import { queryOptions } from '@tanstack/react-query'
import { getData } from '@/lib/api-client'
import { TRIPS_KEY } from '@/lib/query-keys'


export type SearchPoint = {
  origin_latitude: number
  origin_longitude: number
  destination_latitude: number
  destination_longitude: number
}

/** GET /api/trip/trip/{id}; with a search point the trip also tells how far it passes from it. */
export const tripQueryOptions = (tripId: string, searchPoint: SearchPoint | null) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'detail', tripId, searchPoint],
    queryFn: ({ signal }) =>
      getData('/api/trip/trip/{trip_id}', { path: { trip_id: tripId }, query: searchPoint ?? undefined, signal }),
    staleTime: 0,
  })

export type UserTripsFilter = { status_ids?: string; type_ids?: string; retrieve_past_trips: 0 | 1 }

/**
 * The trips still ahead that the user hosts, joined or asked to join: home's list and the first tab of Trips
 * (index.html fetches it early, as /api/trip/user_trips?status_ids=active,requested&retrieve_past_trips=0).
 */
export const UPCOMING_TRIPS: UserTripsFilter = { status_ids: 'active,requested', retrieve_past_trips: 0 }

export const userTripsQueryOptions = (filter: UserTripsFilter) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'user', filter],
    queryFn: async ({ signal }) => (await getData('/api/trip/user_trips', { query: filter, signal })).trips,
  })

/** GET /api/trip/chat/{tripId}: the chat of a trip, for its members. */
export const getTripChat = (tripId: string | number, signal?: AbortSignal) =>
  getData('/api/trip/chat/{trip_id}', { path: { trip_id: tripId }, signal })
