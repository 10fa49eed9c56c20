import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

/** A trip's cab calls from its sheet (the host's): each refreshes the trip on success. */
function useCabMutation<Variables>(call: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }) })
}

export const useCancelCab = (tripId: number) =>
  useCabMutation((reason: string) =>
    request<unknown>(`/api/trip/cab/request/${tripId}`, { method: 'DELETE', body: reason ? { reason } : {} }),
  )

export const useRaiseCabIssue = (tripId: number) =>
  useCabMutation((issue: string) => request<unknown>(`/api/trip/cab/support/${tripId}`, { method: 'POST', body: { issue } }))
