import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { call } from '@/lib/api-client'
import { afterNextNavigation } from '@/lib/navigation'
import { markSignedOut } from '@/lib/session'
import { clearAllStorage } from '@/lib/storage'

/**
 * Logout (and account deletion) forget every stored value and the cache, then show /login. The cache is cleared
 * only after leaving the signed-in screens, so none of them asks the server for a user that no longer has a session.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return () =>
    new Promise<void>((resolve) => {
      clearAllStorage()
      markSignedOut(queryClient)
      afterNextNavigation(() => {
        queryClient.clear()
        resolve()
      })
      void navigate(paths.login, { replace: true })
    })
}

export function useLogout() {
  const signOut = useSignOut()
  return useMutation({
    mutationFn: async () => {
      // This device stops receiving the account's pushes while the session can still say so. The push code is
      // fetched only when it is needed.
      await import('@/lib/push').then((push) => push.forgetThisDevice()).catch(() => undefined)
      return call('POST', '/api/auth/logout')
    },
    meta: { redirectOnUnauthorized: false },
    // A failed logout call still ends the session on this device.
    onSettled: () => signOut(),
  })
}
