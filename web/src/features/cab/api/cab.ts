/** Every call to the trip cab endpoints (/api/trip/cab/...): the booking screen's and the trip sheet's cab block's. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

export type VendorQuote = components['schemas']['VendorQuote']

export const vendorQuotesQueryOptions = (tripId: string, planned: boolean) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, tripId, 'cab-vendors'],
    queryFn: ({ signal }) => getData<VendorQuote[]>(`/api/trip/cab/vendors/${encodeURIComponent(tripId)}`, signal),
    enabled: planned,
    staleTime: 0,
    retry: false,
  })

/** The category and the stops as they were picked: each stop's place id and the name it was suggested by, which the
 * API keeps where the maps provider cannot name the place by its id. */
export function useCabPlan(tripId: string) {
  return useMutation({
    mutationFn: (plan: components['schemas']['CabPlanIn']) =>
      request<unknown>(`/api/trip/cab/interest/${encodeURIComponent(tripId)}`, { method: 'PUT', body: plan }),
  })
}

/** Requests the chosen vendor's cab; the trip is read again so its sheet shows the request. */
export function useCabRequest(tripId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (vendor: string) =>
      request<unknown>(`/api/trip/cab/request/${encodeURIComponent(tripId)}`, { method: 'POST', body: { vendor } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

/** The host's calls from the trip sheet's cab block: each reads the trip again on success. */
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
