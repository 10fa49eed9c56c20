/**
 * What the create-trip form and the host's commute list share of the commute API (/api/trip/recurring): every call,
 * and a commute's weekdays.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call, getData } from '@/lib/api-client'
import { TRIPS_KEY } from '@/lib/query-keys'

export type CommuteCreate = components['schemas']['CommuteCreate']
export type CommuteSeries = components['schemas']['CommuteSeries']

/** A commute's weekdays, Monday first (ISO weekday numbers); the screens name them from the catalogs. */
export const WEEKDAYS = [{ day: 1 }, { day: 2 }, { day: 3 }, { day: 4 }, { day: 5 }, { day: 6 }, { day: 7 }] as const

export const commutesQueryOptions = () =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'commutes'],
    queryFn: ({ signal }) => getData('/api/trip/recurring', { signal }),
  })

export function useCreateCommute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commute: CommuteCreate) =>
      call('POST', '/api/trip/recurring', { body: commute }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export function useStopCommute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (seriesId: number) =>
      call('DELETE', '/api/trip/recurring/{series_id}', { path: { series_id: seriesId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}
