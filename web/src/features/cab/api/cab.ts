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

export function useCabPlan(tripId: string) {
  return useMutation({
    mutationFn: (plan: { category: string; stops: string[] }) =>
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
