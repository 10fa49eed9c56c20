import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { notificationHistoryQueryOptions, type NotificationTab } from '../api/notifications'
import styles from './Notifications.module.css'
import { PushPermissionDialog } from './PushPermissionDialog'
import { Avatar } from '@/components/Avatar'
import { EmptyState } from '@/components/EmptyState'
import { BellIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { Logo } from '@/components/Logo'
import { PersonButton } from '@/components/person'
import { BookedThroughMark } from '@/components/trip/BookedThroughMark'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useT, type Translate } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { notificationPath } from '@/lib/notification-route'
import { latestNotificationQueryOptions, markSeen, type AppNotification } from '@/lib/notifications'
import { useConfig, useCurrentUser } from '@/lib/session'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/notifications'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const DAY_MS = DAY * 1000
const MONTH = 30 * DAY
const YEAR = 365 * DAY

const TABS = [
  { key: 'all', label: 'notifications.tabAll' },
  { key: 'request', label: 'notifications.tabRequest' },
] as const satisfies readonly { key: NotificationTab; label: string }[]

/** A notice's age (SPEC §9): 'N hours ago' from one hour up to a day, the short relative form otherwise. */
function notificationAge(t: Translate, then: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  if (seconds < MINUTE) return t('notifications.justNow')
  if (seconds < HOUR) return t('notifications.minutesAgo', { count: Math.floor(seconds / MINUTE) })
  if (seconds < DAY) return t('notifications.hoursAgo', { count: Math.floor(seconds / HOUR) })
  if (seconds < MONTH) return t('notifications.daysAgo', { count: Math.floor(seconds / DAY) })
  if (seconds < YEAR) return t('notifications.monthsAgo', { count: Math.floor(seconds / MONTH) })
  return t('notifications.yearsAgo', { count: Math.floor(seconds / YEAR) })
}

function NotificationItem({ notification, now }: { notification: AppNotification; now: Date }) {
  const t = useT()
  const format = useFormat()
  const when = new Date(notification.timestamp)
  const { sender } = notification
  // A notice about a person (a request, a question) opens their profile sheet from their picture. A network rider,
  // booked through a buyer app, has no profile in the app to open: their picture stays part of the notice, which
  // carries the buyer app's mark.
  const person =
    sender.id != null && sender.name && !sender.booked_through ? { id: sender.id, name: sender.name } : null
  return (
    <div className={styles.itemWrap}>
      <Link to={notificationPath(notification)} className={styles.item} data-testid="notification">
        {person ? (
          <span className={styles.avatarSpace} aria-hidden="true" />
        ) : sender.id != null ? (
          <Avatar src={sender.image} name={sender.name} size={44} />
        ) : (
          // The app's own notices (a reminder to the host) come from Humsafar, drawn as its mark.
          <span className={styles.appMark} data-testid="app-sender">
            <Logo size={44} />
          </span>
        )}
        <span className={styles.body}>
          <span className={styles.top}>
            <span className={styles.title}>{notification.title}</span>
            <time
              className={styles.time}
              dateTime={notification.timestamp}
              title={format.dateTime(when)}
            >
              {notificationAge(t, when, now)}
            </time>
          </span>
          <span className={styles.message}>{notification.message}</span>
          <BookedThroughMark app={sender.booked_through} className={styles.bookedThrough} />
        </span>
      </Link>
      {person && (
        <PersonButton person={person} className={styles.itemPerson}>
          <Avatar src={sender.image} name={person.name} size={44} />
        </PersonButton>
      )}
    </div>
  )
}

/** The notification list (SPEC §2): ten days at a time, up to three earlier windows, newest first. */
export function NotificationsScreen() {
  const t = useT()
  const user = useCurrentUser()
  const config = useConfig()
  const queryClient = useQueryClient()
  const [tab, setTab] = useState<NotificationTab>('all')
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const history = useInfiniteQuery(notificationHistoryQueryOptions(tab))
  const shown = useMemo(() => history.data?.pages.flat() ?? [], [history.data])
  const windowsRead = history.data?.pages.length ?? 0
  const now = new Date()

  // An empty window is not the end: earlier ones are read until something turns up or the last one is reached.
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess } = history
  useEffect(() => {
    if (isSuccess && shown.length === 0 && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [isSuccess, shown.length, windowsRead, hasNextPage, isFetchingNextPage, fetchNextPage])

  // Opening the list reads everything in it: the bell goes dark.
  useEffect(() => {
    if (tab !== 'all' || !isSuccess) return
    markSeen(shown[0])
    void queryClient.invalidateQueries({ queryKey: latestNotificationQueryOptions().queryKey })
  }, [tab, isSuccess, shown, queryClient])

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const index = TABS.findIndex((each) => each.key === tab)
    const next = TABS[(index + step + TABS.length) % TABS.length]
    setTab(next.key)
    tabRefs.current[next.key]?.focus()
  }

  const searchingEarlier = shown.length === 0 && (history.isPending || hasNextPage || isFetchingNextPage)
  const emptyDays = windowsRead * LIMITS.NOTIFICATION_WINDOW_DAYS
  // Someone who joined within the days looked at has simply had no notices yet.
  const joined = Date.parse(user.member_since ?? '')
  const newcomer = !Number.isNaN(joined) && now.getTime() - joined < emptyDays * DAY_MS

  return (
    <>
      <PageHeader title={t('notifications.title')} backTo={paths.home} />
      <main className={styles.screen}>
        <div role="tablist" aria-label={t('notifications.title')} className={styles.tabs} onKeyDown={onKeyDown}>
          {TABS.map((each) => (
            <button
              key={each.key}
              ref={(element) => {
                tabRefs.current[each.key] = element
              }}
              type="button"
              role="tab"
              id={`notification-tab-${each.key}`}
              aria-selected={each.key === tab}
              aria-controls="notification-panel"
              tabIndex={each.key === tab ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(each.key)}
            >
              {t(each.label)}
            </button>
          ))}
        </div>
        <section
          id="notification-panel"
          role="tabpanel"
          aria-labelledby={`notification-tab-${tab}`}
          aria-busy={history.isFetching}
          className={styles.panel}
        >
          {history.isError && shown.length === 0 ? (
            <EmptyState title={t('notifications.loadFailed')} description={errorMessage(history.error)}>
              <button type="button" className="btn btn-primary btn-small" onClick={() => void history.refetch()}>
                {t('notifications.tryAgain')}
              </button>
            </EmptyState>
          ) : searchingEarlier ? (
            <p className={styles.loading} role="status">
              {t('notifications.loading')}
            </p>
          ) : shown.length === 0 ? (
            <EmptyState
              title={newcomer ? t('notifications.emptyNew') : t('notifications.emptyDays', { count: emptyDays })}
              description={newcomer ? t('notifications.emptyNewHint') : undefined}
              illustration={<BellIcon size={40} />}
            />
          ) : (
            <>
              <ul className={styles.list} aria-label={tab === 'all' ? t('notifications.allList') : t('notifications.requestList')}>
                {shown.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} now={now} />
                  </li>
                ))}
              </ul>
              {history.isFetchNextPageError && (
                <p role="alert" className="muted">
                  {errorMessage(history.error)}
                </p>
              )}
              {hasNextPage ? (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => void fetchNextPage()}
                  disabled={isFetchingNextPage}
                >
                  {isFetchingNextPage ? t('notifications.loadingMore') : t('notifications.loadEarlier')}
                </button>
              ) : null}
            </>
          )}
        </section>
      </main>
      <PushPermissionDialog
        receiveNotification={user.receive_notification}
        vapidPublicKey={config.web_push_vapid_public_key}
      />
    </>
  )
}
