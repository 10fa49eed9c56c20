/**
 * Every call of rider safety: a person's emergency contacts (/api/user/emergency-contacts), a trip's live link
 * (/api/trip/share/, read by anyone at /api/trip/shared/) and SOS (/api/trip/sos/). The shapes are the agreed API's
 * (docs/product.md, Rider safety), as the API documents them (generated/api.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import type { StandingSosList } from '../model/standing-sos'
import { getData, request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

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

const CONTACTS_PATH = '/api/user/emergency-contacts'
const tripPart = (tripId: number) => encodeURIComponent(String(tripId))

export const emergencyContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['emergency-contacts'],
    queryFn: async ({ signal }) => (await getData<EmergencyContacts>(CONTACTS_PATH, signal)).contacts,
  })

/** Replaces the whole list; the kept list (tidied names) becomes the screen's. */
export function useSaveEmergencyContacts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (contacts: EmergencyContact[]) =>
      request<EmergencyContacts>(CONTACTS_PATH, { method: 'PUT', body: { contacts } }),
    onSuccess: ({ data }) => queryClient.setQueryData(emergencyContactsQueryOptions().queryKey, data.contacts),
  })
}

/** The person's live link to the trip that is neither turned off nor ended, as sharing gave it; null when none. */
export const tripShareQueryOptions = (tripId: number) =>
  queryOptions({
    queryKey: ['trip-share', tripId],
    queryFn: ({ signal }) => getData<TripShare | null>(`/api/trip/share/${tripPart(tripId)}`, signal),
  })

export function useShareTrip(tripId: number) {
  return useMutation({
    mutationFn: () => request<TripShare>(`/api/trip/share/${tripPart(tripId)}`, { method: 'POST' }),
  })
}

export function useStopSharingTrip(tripId: number) {
  return useMutation({
    mutationFn: () => request<unknown>(`/api/trip/share/${tripPart(tripId)}`, { method: 'DELETE' }),
  })
}

/** The public page's read: no session needed; an expired or turned-off link answers 404. */
export const sharedTripQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-trip', token],
    queryFn: ({ signal }) => getData<SharedTrip>(`/api/trip/shared/${encodeURIComponent(token)}`, signal),
    staleTime: 0,
  })

/** Under the trips' key, so a change to the trip told live also reads the SOS again. */
export const sosQueryOptions = (tripId: number) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'sos', tripId],
    queryFn: ({ signal }) => getData<SosState>(`/api/trip/sos/${tripPart(tripId)}`, signal),
    staleTime: 0,
  })

/** Everyone else's SOS on the trip that still stands, for its host and active members; told live (lib/live.ts). */
export const standingSosQueryOptions = (tripId: number) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'sos', tripId, 'standing'],
    queryFn: ({ signal }) => getData<StandingSosList>(`/api/trip/sos/${tripPart(tripId)}/standing`, signal),
    select: (list) => list.incidents,
    staleTime: 0,
  })

function useSosMutation<Variables>(tripId: number, call: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sosQueryOptions(tripId).queryKey }),
  })
}

export const useRaiseSos = (tripId: number) =>
  useSosMutation(tripId, (where: Coordinates | null) =>
    request<{ status: IncidentStatus }>(`/api/trip/sos/${tripPart(tripId)}`, { method: 'POST', body: where ?? {} }),
  )

/** "I am safe": ends the standing SOS. */
export const useResolveSos = (tripId: number) =>
  useSosMutation(tripId, () => request<unknown>(`/api/trip/sos/${tripPart(tripId)}`, { method: 'DELETE' }))
