/** What home, the trip screens and the chat share of the trip API: one query key, and one function per endpoint. */
import { queryOptions } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData } from '@/lib/api'

type Trip = components['schemas']['TripPublic']

/** Every trip query starts with this key, so one invalidation refreshes lists, searches, sheets and home alike. */
export const TRIPS_KEY = ['trips'] as const

type QueryValue = string | number | boolean | undefined | null

/**
 * Empty values are left out. Commas stay unescaped: lists such as `status_ids=active,requested` are sent as written,
 * which is also the address index.html fetches early for home.
 */
function toQuery(params: Record<string, QueryValue>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value))
  }
  return query.toString().replaceAll('%2C', ',')
}

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
    queryFn: ({ signal }) => {
      const query = searchPoint ? `?${toQuery(searchPoint)}` : ''
      return getData<Trip>(`/api/trip/trip/${encodeURIComponent(tripId)}${query}`, signal)
    },
    staleTime: 0,
  })

export type UserTripsFilter = { status_ids?: string; type_ids?: string; retrieve_past_trips: 0 | 1 }

/** The trips still ahead that the user hosts, joined or asked to join: home's list and the first tab of Trips. */
export const UPCOMING_TRIPS: UserTripsFilter = { status_ids: 'active,requested', retrieve_past_trips: 0 }

export const userTripsPath = (filter: UserTripsFilter): string => `/api/trip/user_trips?${toQuery(filter)}`

export const userTripsQueryOptions = (filter: UserTripsFilter) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'user', filter],
    queryFn: async ({ signal }) => (await getData<{ trips: Trip[] }>(userTripsPath(filter), signal)).trips,
  })

/** GET /api/trip/chat/{tripId}: the chat of a trip, for its members. */
export const getTripChat = (tripId: string | number, signal?: AbortSignal) =>
  getData<components['schemas']['ChatPublic']>(`/api/trip/chat/${encodeURIComponent(tripId)}`, signal)
