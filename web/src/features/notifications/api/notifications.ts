import { infiniteQueryOptions } from '@tanstack/react-query'
import { LIMITS, NOTICES } from '@/generated/rules'
import { getData } from '@/lib/api-client'
import { NOTIFICATIONS_KEY } from '@/lib/query-keys'
export type NotificationTab = 'all' | 'request'

const DAY_MS = 24 * 60 * 60 * 1000
export const WINDOW_MS = LIMITS.NOTIFICATION_WINDOW_DAYS * DAY_MS
/** Pages 0 to 3 (SPEC §9): the first ten days and up to three earlier windows. */
export const LAST_PAGE = LIMITS.NOTIFICATION_EXTRA_WINDOWS

export type HistoryPage = { page: number; to: number }

/** The window of one page of the history, and on the requests tab only what is about a request. */
export function historyQuery(tab: NotificationTab, { page, to }: HistoryPage) {
  const end = to - page * WINDOW_MS
  return {
    from: new Date(end - WINDOW_MS).toISOString(),
    to: new Date(end).toISOString(),
    entity_types: tab === 'request' ? NOTICES.ABOUT_REQUEST : undefined,
  }
}

export const notificationHistoryQueryOptions = (tab: NotificationTab, now: number = Date.now()) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'history', tab],
    queryFn: ({ pageParam, signal }) =>
      getData('/api/notification/history', { query: historyQuery(tab, pageParam), signal }),
    initialPageParam: { page: 0, to: now } as HistoryPage,
    getNextPageParam: (_last, _all, previous) =>
      previous.page < LAST_PAGE ? { page: previous.page + 1, to: previous.to } : undefined,
    staleTime: 0,
  })
