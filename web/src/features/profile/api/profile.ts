import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { otherUserQueryOptions } from '@/components/person'
import type { components } from '@/generated/api'
import { call } from '@/lib/api-client'
import { updateUser, userQueryOptions } from '@/lib/session'

export const useOtherUser = (userId: string) => useQuery(otherUserQueryOptions(userId))

export function useNotificationSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (receive: boolean) => updateUser({ receive_notification: receive }),
    onSuccess: ({ data }, receive) => {
      queryClient.setQueryData(userQueryOptions().queryKey, (user) =>
        data ?? (user && { ...user, receive_notification: receive }),
      )
    },
  })
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => call('DELETE', '/api/user/user'),
  })
}

export type Feedback = components['schemas']['FeedbackCreate']

export function useSendFeedback() {
  return useMutation({
    mutationFn: (feedback: Feedback) => call('POST', '/api/user/feedback', { body: feedback }),
  })
}

export type LinkedInUrl = components['schemas']['LinkedInUrl']

/** Starts LinkedIn verification: the browser then goes to the provider's authorize page. */
export function useStartLinkedIn() {
  return useMutation({
    mutationFn: () => call('POST', '/api/user/linkedin/initiate'),
  })
}
