import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Trip } from '@/components/trip/trip'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'

/** Every trip query starts with this key, so one invalidation refreshes lists, searches and sheets. */
export const TRIPS_KEY = ['trips'] as const

export type SearchPoint = {
  origin_latitude: number
  origin_longitude: number
  destination_latitude: number
  destination_longitude: number
}

const toQuery = (params: Record<string, string | number | boolean | undefined | null>) => {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value))
  }
  return query.toString()
}

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

export const userTripsQueryOptions = (filter: UserTripsFilter) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'user', filter],
    queryFn: async ({ signal }) =>
      (await getData<{ trips: Trip[] }>(`/api/trip/user_trips?${toQuery(filter)}`, signal)).trips,
  })

/** GET /api/trip/search with the query string of the results page, as it stands. */
export const searchTripsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'search', query],
    queryFn: async ({ signal }) => (await getData<{ trips: Trip[] }>(`/api/trip/search?${query}`, signal)).trips,
    staleTime: 0,
  })

export type TripCreate = components['schemas']['TripCreate']
export type TripUpdate = components['schemas']['TripUpdate']

export function useCreateTrip() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (trip: TripCreate) => request<{ trip_id: number }>('/api/trip/trip', { method: 'POST', body: trip }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export function useEditTrip(tripId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: TripUpdate) => request<unknown>(`/api/trip/trip/${tripId}`, { method: 'PUT', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export function useDeleteTrip(tripId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reason: string) => request<unknown>(`/api/trip/trip/${tripId}`, { method: 'DELETE', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}
