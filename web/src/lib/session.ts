import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { getData, request } from '@/lib/api'
import { clearAllStorage } from '@/lib/storage'
import { paths } from '@/config/paths'

export type Gender = 'MALE' | 'FEMALE' | 'OTHERS'

export type TripInsights = {
  total_trips_joined: number
  trips_hosted: number
  new_people_met: number
  total_co2_saved: number
}

export type User = {
  id: number
  name: string | null
  gender: Gender | null
  dob: string | null
  age: number | null
  mobile_number: string
  small_image_url: string | null
  medium_image_url: string | null
  is_kyc_verified: boolean
  kyc_status: string | null
  kyc_message: string | null
  linked_in_url: string | null
  flagged_count: number
  average_rating: number
  referred_count: number
  referral_code: string
  receive_notification: boolean
  is_profile_complete: boolean
  user_trips_insights: TripInsights
}

export type Config = {
  enable_kyc?: boolean
  latest_client_version: string
  minimum_client_version: string
  current_location_expiry_in_minutes: number
  time_of_day_to_fetch_next_day_trips_in_home?: string
  referral_message: string
  support_email?: string
  walking_distance_explanation_heading?: string
  walking_distance_explanation_content?: string
  review_attributes?: Record<string, string>
  valid_cab_categories?: Record<string, string>
  share_trip_text?: string
  web_push_vapid_public_key?: string
}

export type Session = { is_logged_in: boolean }

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getData<Session>('/api/auth/session', signal),
    staleTime: 0,
  })

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getData<User>('/api/user/user', signal),
  })

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['configuration'],
    queryFn: ({ signal }) => getData<Config>('/api/user/configuration', signal),
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
  queryClient.setQueryData<Session>(['session'], { is_logged_in: false })
}

/**
 * Logout (and account deletion) forget every stored value and the cache, then show /login. The cache is cleared
 * only after leaving the signed-in screens, so none of them asks the server for a user that no longer has a session.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    clearAllStorage()
    markSignedOut(queryClient)
    await navigate(paths.login, { replace: true })
    queryClient.clear()
  }
}

export function useLogout() {
  const signOut = useSignOut()
  return useMutation({
    mutationFn: () => request<null>('/api/auth/logout', { method: 'POST' }),
    meta: { redirectOnUnauthorized: false },
    // A failed logout call still ends the session on this device.
    onSettled: () => signOut(),
  })
}
