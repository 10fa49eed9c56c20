import { infiniteQueryOptions } from '@tanstack/react-query'
import { LIMITS, NOTICES } from '@/generated/rules'
import { getData } from '@/lib/api'
import { NOTIFICATIONS_KEY, type AppNotification } from '@/lib/notifications'
export type NotificationTab = 'all' | 'request'

const DAY_MS = 24 * 60 * 60 * 1000
export const WINDOW_MS = LIMITS.NOTIFICATION_WINDOW_DAYS * DAY_MS
/** Pages 0 to 3 (SPEC §9): the first ten days and up to three earlier windows. */
export const LAST_PAGE = LIMITS.NOTIFICATION_EXTRA_WINDOWS

export type HistoryPage = { page: number; to: number }

export function historyPath(tab: NotificationTab, { page, to }: HistoryPage): string {
  const end = to - page * WINDOW_MS
  const params = new URLSearchParams({
    from: new Date(end - WINDOW_MS).toISOString(),
    to: new Date(end).toISOString(),
  })
  if (tab === 'request') params.set('entity_types', NOTICES.ABOUT_REQUEST)
  return `/api/notification/history?${params}`
}

export const notificationHistoryQueryOptions = (tab: NotificationTab, now: number = Date.now()) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'history', tab],
    queryFn: ({ pageParam, signal }) => getData<AppNotification[]>(historyPath(tab, pageParam), signal),
    initialPageParam: { page: 0, to: now } as HistoryPage,
    getNextPageParam: (_last, _all, previous) =>
      previous.page < LAST_PAGE ? { page: previous.page + 1, to: previous.to } : undefined,
    staleTime: 0,
  })
