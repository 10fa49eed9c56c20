import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { call } from '@/lib/api-client'
import { configQueryOptions, sessionQueryOptions, userQueryOptions } from '@/lib/session'
import { storage } from '@/lib/storage'

export type OtpSent = components['schemas']['OtpIssued']
export type LoginResult = components['schemas']['LoginResult']

export const DEFAULT_OTP_LENGTH = 4

/** Sends a code to the number and remembers the login token (for this tab only). */
export function useSendOtp() {
  return useMutation({
    mutationFn: (mobileNumber: string) =>
      call('POST', '/api/auth/otp', { body: { mobile_number: mobileNumber } }),
    onSuccess: ({ data }, mobileNumber) => {
      storage.pendingLogin.set({
        login_token: data.login_token,
        mobile_number: mobileNumber,
        otp_length: data.otp_length || DEFAULT_OTP_LENGTH,
        resend_after_seconds: data.resend_after_seconds,
        requested_at: Date.now(),
      })
    },
  })
}

/** Exchanges the code (an integer) and the login token for a session cookie. */
export function useVerifyOtp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ otp, loginToken }: { otp: string; loginToken: string }) =>
      call('POST', '/api/auth/login', {
        body: { otp: Number.parseInt(otp, 10), login_token: loginToken },
      }),
    // A wrong code answers 401 too; it is shown under the boxes, it does not mean "signed out".
    meta: { redirectOnUnauthorized: false },
    onSuccess: () => {
      storage.pendingLogin.clear()
      queryClient.setQueryData(sessionQueryOptions().queryKey, { is_logged_in: true })
      queryClient.removeQueries({ queryKey: userQueryOptions().queryKey })
      queryClient.removeQueries({ queryKey: configQueryOptions().queryKey })
    },
  })
}
