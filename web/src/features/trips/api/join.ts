import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

type Schemas = components['schemas']

/**
 * POST /api/trip/user: luggage counts and the note are left out when there is nothing to send (SPEC §5; the API counts
 * no luggage as none), and so are the pick-up and drop unless the rider has their own along the way.
 */
type JoinRequestCreate = Schemas['JoinRequestCreate']
type Luggage = 'small_luggage' | 'large_luggage'
export type JoinRequestBody = Omit<JoinRequestCreate, Luggage> & Partial<Pick<JoinRequestCreate, Luggage>>
export type HostDecision = Schemas['HostAction']['action']
export type PassengerDecision = Schemas['PassengerAction']['action']

/** Every join call changes what the trip sheet and the trip lists show, so each refreshes them all on success. */
function useTripMutation<Variables>(call: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

export const useSendJoinRequest = () =>
  useTripMutation((body: JoinRequestBody) => request<unknown>('/api/trip/user', { method: 'POST', body }))

export const useHostDecision = (tripId: number) =>
  useTripMutation(({ memberId, action, note }: { memberId: number; action: HostDecision; note?: string }) =>
    request<unknown>(`/api/trip/user/host/${memberId}`, {
      method: 'PUT',
      body: { action, trip_id: tripId, additional_note: note ?? null },
    }),
  )

export const usePassengerDecision = (tripId: number) =>
  useTripMutation(({ action, note }: { action: PassengerDecision; note: string }) =>
    request<unknown>('/api/trip/user/passenger', {
      method: 'PUT',
      body: { action, trip_id: tripId, additional_note: note },
    }),
  )

export const useAskQuery = (tripId: number) =>
  useTripMutation((question: string) =>
    request<unknown>('/api/trip/query', { method: 'POST', body: { trip_id: tripId, question } }),
  )

export const useAnswerQuery = () =>
  useTripMutation(({ queryId, answer }: { queryId: number; answer: string }) =>
    request<unknown>(`/api/trip/query/${queryId}`, { method: 'PUT', body: { answer } }),
  )

export const useBlockUser = () =>
  useTripMutation(({ userId, reason, report }: { userId: number; reason: string; report: boolean }) =>
    request<unknown>(`/api/user/block/${userId}`, {
      method: 'POST',
      body: { reason: reason || null, report_user: report },
    }),
  )
