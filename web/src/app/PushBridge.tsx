import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { NOTIFICATIONS_KEY } from '@/lib/query-keys'
import type { Config, User } from '@/lib/session'

/**
 * Links the open app with the service worker: a push lights the bell at once, a tap on a system notification moves
 * the app to its screen, and a device that already allowed notifications tells the server again where it is
 * reached (a subscription the browser lost is made anew). Push setup failures are only logged (SPEC §8). The push
 * code is loaded only on a device that allowed notifications, after the first paint.
 */
export function PushBridge({ user, config }: { user: User; config: Config }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; path?: string } | null
      if (message?.type === 'NOTIFICATION_RECEIVED') void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
      if (message?.type === 'OPEN_PATH' && message.path?.startsWith('/')) void navigate(message.path)
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [queryClient, navigate])

  const wantsPush = user.receive_notification && 'Notification' in window && Notification.permission === 'granted'
  const vapid = config.web_push_vapid_public_key
  useEffect(() => {
    if (!wantsPush) return
    import('@/lib/push')
      .then((push) => {
        if (!push.isPushSupported()) return
        return push.refreshThisDevice().catch(() => push.subscribeThisDevice(vapid))
      })
      .catch((error: unknown) => console.warn('push setup failed', error))
  }, [wantsPush, vapid, user.id])

  return null
}
