import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { call, getData } from '@/lib/api-client'
import type { components } from '@/generated/api'

type Schemas = components['schemas']

export type User = Schemas['UserPrivate']
export type Gender = NonNullable<User['gender']>
export type TripInsights = Schemas['TripInsights']
export type Config = Schemas['Config']
export type Session = Schemas['SessionState']
export type UserUpdate = Schemas['UserUpdate']

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getData('/api/auth/session', { signal }),
    staleTime: 0,
  })

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getData('/api/user/user', { signal }),
  })

/** PUT /api/user/user with only the given fields; the answer carries the updated user when the server sends one. */
export const updateUser = (changes: UserUpdate) =>
  call('PUT', '/api/user/user', { body: changes })

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['configuration'],
    queryFn: ({ signal }) => getData('/api/user/configuration', { signal }),
    staleTime: 10 * 60_000,
  })

/** The signed-in user. Only for screens behind the protected guard, which has loaded it already. */
export function useCurrentUser(): User {
  return useSuspenseQuery(userQueryOptions()).data
}

/** The server configuration. Only for screens behind the protected guard. */
export function useConfig(): Config {
  return useSuspenseQuery(configQueryOptions()).data
}

export const isKycEnabled = (config: Config): boolean => config.enable_kyc !== false

/** Marks the session as ended in the cache, so the login pages do not bounce back home. */
export function markSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryOptions().queryKey, { is_logged_in: false })
}
