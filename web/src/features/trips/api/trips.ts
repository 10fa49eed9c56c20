import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { ApiError } from '@/lib/api'
import { call, getData } from '@/lib/api-client'
import type { TripSearch } from '../model/search-query'
import { TRIPS_KEY } from '@/lib/query-keys'

type TripsFound = components['schemas']['TripsFound']

/**
 * GET /api/trip/search, a page of trips at a time; the key is the results page's query string, as it stands. A search
 * without both places (an address cut short) is refused as the API would refuse it.
 */
export const searchTripsQueryOptions = (query: string, search: TripSearch | null) =>
  infiniteQueryOptions({
    queryKey: [...TRIPS_KEY, 'search', query],
    queryFn: async ({ signal, pageParam }) => {
      if (!search) throw new ApiError('', 422)
      return await getData('/api/trip/search', { query: { ...search, page: pageParam }, signal })
    },
    initialPageParam: 0,
    getNextPageParam: (last: TripsFound, _pages: TripsFound[], page: number) => (last.has_more ? page + 1 : undefined),
    staleTime: 0,
  })

export type TripCreate = components['schemas']['TripCreate']
export type TripUpdate = components['schemas']['TripUpdate']

export function useCreateTrip() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (trip: TripCreate) => call('POST', '/api/trip/trip', { body: trip }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export function useEditTrip(tripId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: TripUpdate) =>
      call('PUT', '/api/trip/trip/{trip_id}', { path: { trip_id: tripId }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export function useDeleteTrip(tripId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reason: string) =>
      call('DELETE', '/api/trip/trip/{trip_id}', { path: { trip_id: tripId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}
