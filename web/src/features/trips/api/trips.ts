import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Trip } from '@/components/trip/trip'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

/** GET /api/trip/search with the query string of the results page, as it stands. */
export const searchTripsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'search', query],
    queryFn: async ({ signal }) => (await getData<{ trips: Trip[] }>(`/api/trip/search?${query}`, signal)).trips,
    staleTime: 0,
  })

/** How far the host will go out of their way (issue 37); drop the addition once the generated schemas carry it. */
type Detour = { max_detour_minutes?: number }
export type TripCreate = components['schemas']['TripCreate'] & Detour
export type TripUpdate = components['schemas']['TripUpdate'] & Detour

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
