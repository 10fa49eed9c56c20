import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call } from '@/lib/api-client'
import { TRIPS_KEY } from '@/lib/query-keys'

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
function useTripMutation<Variables>(send: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}

// The document marks the luggage counts required because the API gives them a default; leaving them out is allowed.
export const useSendJoinRequest = () =>
  useTripMutation((body: JoinRequestBody) => call('POST', '/api/trip/user', { body: body as JoinRequestCreate }))

export const useHostDecision = (tripId: number) =>
  useTripMutation(({ memberId, action, note }: { memberId: number; action: HostDecision; note?: string }) =>
    call('PUT', '/api/trip/user/host/{member_id}', {
      path: { member_id: memberId },
      body: { action, trip_id: tripId, additional_note: note ?? null },
    }),
  )

export const usePassengerDecision = (tripId: number) =>
  useTripMutation(({ action, note }: { action: PassengerDecision; note: string }) =>
    call('PUT', '/api/trip/user/passenger', {
      body: { action, trip_id: tripId, additional_note: note },
    }),
  )

export const useAskQuery = (tripId: number) =>
  useTripMutation((question: string) =>
    call('POST', '/api/trip/query', { body: { trip_id: tripId, question } }),
  )

export const useAnswerQuery = () =>
  useTripMutation(({ queryId, answer }: { queryId: number; answer: string }) =>
    call('PUT', '/api/trip/query/{query_id}', { path: { query_id: queryId }, body: { answer } }),
  )

export const useBlockUser = () =>
  useTripMutation(({ userId, reason, report }: { userId: number; reason: string; report: boolean }) =>
    call('POST', '/api/user/block/{user_id}', {
      path: { user_id: userId },
      body: { reason: reason || null, report_user: report },
    }),
  )
