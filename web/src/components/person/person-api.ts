import { queryOptions } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData } from '@/lib/api-client'

/** Another person's card (SPEC §3 User, as others see it). */
export type OtherUser = components['schemas']['UserPublic']

export const otherUserQueryOptions = (userId: string | number) =>
  queryOptions({
    queryKey: ['users', String(userId)],
    queryFn: ({ signal }) => getData('/api/user/user/{user_id}', { path: { user_id: userId }, signal }),
  })
