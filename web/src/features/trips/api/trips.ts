import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

type TripsFound = components['schemas']['TripsFound']

/** GET /api/trip/search with the query string of the results page, as it stands, a page of trips at a time. */
export const searchTripsQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: [...TRIPS_KEY, 'search', query],
    queryFn: async ({ signal, pageParam }) =>
      await getData<TripsFound>(`/api/trip/search?${query}&page=${pageParam}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last: TripsFound, _pages: TripsFound[], page: number) => (last.has_more ? page + 1 : undefined),
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
