/**
 * What the create-trip form and the host's commute list share of the commute API (/api/trip/recurring): every call,
 * and a commute's weekdays.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

export type CommuteCreate = components['schemas']['CommuteCreate']
export type CommuteSeries = components['schemas']['CommuteSeries']

/** A commute's weekdays, Monday first (ISO weekday numbers). */
export const WEEKDAYS = [
  { day: 1, label: 'Mon', name: 'Monday' },
  { day: 2, label: 'Tue', name: 'Tuesday' },
  { day: 3, label: 'Wed', name: 'Wednesday' },
  { day: 4, label: 'Thu', name: 'Thursday' },
  { day: 5, label: 'Fri', name: 'Friday' },
  { day: 6, label: 'Sat', name: 'Saturday' },
  { day: 7, label: 'Sun', name: 'Sunday' },
] as const

/** 'Mon, Wed, Fri at 9:30 AM', the time written by `clock`. */
export const repeatSummary = (days: readonly number[], time: string, clock: (time: string) => string): string =>
  `${WEEKDAYS.filter((each) => days.includes(each.day))
    .map((each) => each.label)
    .join(', ')} at ${clock(time)}`

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
