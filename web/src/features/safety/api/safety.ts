/**
 * Every call of rider safety: a person's emergency contacts (/api/user/emergency-contacts), a trip's live link
 * (/api/trip/share/, read by anyone at /api/trip/shared/) and SOS (/api/trip/sos/). The shapes are the agreed API's
 * (docs/product.md, Rider safety), as the API documents them (generated/api.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call, getData } from '@/lib/api-client'
import { SOS_KEY } from '@/lib/query-keys'

type Schemas = components['schemas']

export type EmergencyContact = Schemas['EmergencyContact']
export type EmergencyContacts = Schemas['EmergencyContacts']
export type TripShare = Schemas['ShareLink']
/** What a live link shows anyone who has it. */
export type SharedTrip = Schemas['SharedTrip']
export type TripStage = SharedTrip['stage']
/** Whether this person may raise an SOS on the trip now, and the one they raised that still stands. */
export type SosState = Schemas['SosState']
export type IncidentStatus = NonNullable<SosState['status']>

export type Coordinates = { latitude: number; longitude: number }


export const emergencyContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['emergency-contacts'],
    queryFn: async ({ signal }) => (await getData('/api/user/emergency-contacts', { signal })).contacts,
  })

/** Replaces the whole list; the kept list (tidied names) becomes the screen's. */
export function useSaveEmergencyContacts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (contacts: EmergencyContact[]) =>
      call('PUT', '/api/user/emergency-contacts', { body: { contacts } }),
    onSuccess: ({ data }) => queryClient.setQueryData(emergencyContactsQueryOptions().queryKey, data.contacts),
  })
}

/** The person's live link to the trip that is neither turned off nor ended, as sharing gave it; null when none. */
export const tripShareQueryOptions = (tripId: number) =>
  queryOptions({
    queryKey: ['trip-share', tripId],
    queryFn: ({ signal }) => getData('/api/trip/share/{trip_id}', { path: { trip_id: tripId }, signal }),
  })

export function useShareTrip(tripId: number) {
  return useMutation({
    mutationFn: () => call('POST', '/api/trip/share/{trip_id}', { path: { trip_id: tripId } }),
  })
}

export function useStopSharingTrip(tripId: number) {
  return useMutation({
    mutationFn: () => call('DELETE', '/api/trip/share/{trip_id}', { path: { trip_id: tripId } }),
  })
}

/** The public page's read: no session needed; an expired or turned-off link answers 404. */
export const sharedTripQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-trip', token],
    queryFn: ({ signal }) => getData('/api/trip/shared/{token}', { path: { token }, signal }),
    staleTime: 0,
  })

/** Under the trips' key, so a change to the trip told live also reads the SOS again. */
export const sosQueryOptions = (tripId: number) =>
  queryOptions({
    queryKey: [...SOS_KEY, tripId],
    queryFn: ({ signal }) => getData('/api/trip/sos/{trip_id}', { path: { trip_id: tripId }, signal }),
    staleTime: 0,
  })

/** Everyone else's SOS on the trip that still stands, for its host and active members; told live (lib/live.ts). */
export const standingSosQueryOptions = (tripId: number) =>
  queryOptions({
    queryKey: [...SOS_KEY, tripId, 'standing'],
    queryFn: ({ signal }) => getData('/api/trip/sos/{trip_id}/standing', { path: { trip_id: tripId }, signal }),
    select: (list) => list.incidents,
    staleTime: 0,
  })

function useSosMutation<Variables>(tripId: number, send: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sosQueryOptions(tripId).queryKey }),
  })
}

export const useRaiseSos = (tripId: number) =>
  useSosMutation(tripId, (where: Coordinates | null) =>
    call('POST', '/api/trip/sos/{trip_id}', { path: { trip_id: tripId }, body: where ?? {} }),
  )

/** "I am safe": ends the standing SOS. */
export const useResolveSos = (tripId: number) =>
  useSosMutation(tripId, () => call('DELETE', '/api/trip/sos/{trip_id}', { path: { trip_id: tripId } }))
