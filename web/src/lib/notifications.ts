/** What the bell and the notification list share: the newest notification and the unread dot (SPEC §4). */
import { queryOptions } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData } from '@/lib/api-client'
import { NOTIFICATIONS_KEY } from '@/lib/query-keys'
import { storage } from '@/lib/storage'

export type AppNotification = components['schemas']['NotificationPublic']


/** The newest notification of the last ten days, for the bell; a new one arrives as a live change (lib/live.ts). */
export const latestNotificationQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'latest'],
    queryFn: async ({ signal }) => (await getData('/api/notification/history', { signal }))[0] ?? null,
    staleTime: 0,
  })

/** The unread dot: the latest notification is newer than the last one viewed. */
export function hasUnread(latest: Pick<AppNotification, 'timestamp'> | null | undefined, seenAt: string | null): boolean {
  if (!latest) return false
  if (!seenAt) return true
  return Date.parse(latest.timestamp) > Date.parse(seenAt)
}

/** Remembers the newest notification shown as viewed. */
export function markSeen(latest: Pick<AppNotification, 'timestamp'> | null | undefined): void {
  if (latest && hasUnread(latest, storage.notificationsSeenAt.get())) storage.notificationsSeenAt.set(latest.timestamp)
}
