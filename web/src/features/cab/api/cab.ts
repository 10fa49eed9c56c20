/** Every call to the trip cab endpoints (/api/trip/cab/...): the booking screen's and the trip sheet's cab block's. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call, getData } from '@/lib/api-client'
import { TRIPS_KEY } from '@/lib/query-keys'

export type VendorQuote = components['schemas']['VendorQuote']

export const vendorQuotesQueryOptions = (tripId: string, planned: boolean) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, tripId, 'cab-vendors'],
    queryFn: ({ signal }) => getData('/api/trip/cab/vendors/{trip_id}', { path: { trip_id: tripId }, signal }),
    enabled: planned,
    staleTime: 0,
    retry: false,
  })

/** The category and the stops as they were picked: each stop's place id and the name it was suggested by, which the
 * API keeps where the maps provider cannot name the place by its id. */
export function useCabPlan(tripId: string) {
  return useMutation({
    mutationFn: (plan: components['schemas']['CabPlanIn']) =>
      call('PUT', '/api/trip/cab/interest/{trip_id}', { path: { trip_id: tripId }, body: plan }),
  })
}

/** Requests the chosen vendor's cab; the trip is read again so its sheet shows the request. */
export function useCabRequest(tripId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (vendor: string) =>
      call('POST', '/api/trip/cab/request/{trip_id}', { path: { trip_id: tripId }, body: { vendor } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

/** The host's calls from the trip sheet's cab block: each reads the trip again on success. */
function useCabMutation<Variables>(send: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }) })
}

export const useCancelCab = (tripId: number) =>
  useCabMutation((reason: string) =>
    call('DELETE', '/api/trip/cab/request/{trip_id}', { path: { trip_id: tripId }, body: reason ? { reason } : {} }),
  )

export const useRaiseCabIssue = (tripId: number) =>
  useCabMutation((issue: string) =>
    call('POST', '/api/trip/cab/support/{trip_id}', { path: { trip_id: tripId }, body: { issue } }),
  )
