import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

export type CommuteCreate = components['schemas']['CommuteCreate']
export type CommuteSeries = components['schemas']['CommuteSeries']

export const commutesQueryOptions = () =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'commutes'],
    queryFn: ({ signal }) => getData<CommuteSeries[]>('/api/trip/recurring', signal),
  })

export function useCreateCommute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commute: CommuteCreate) =>
      request<{ series_id: number }>('/api/trip/recurring', { method: 'POST', body: commute }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export function useStopCommute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (seriesId: number) => request<unknown>(`/api/trip/recurring/${seriesId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}
