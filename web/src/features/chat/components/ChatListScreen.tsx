import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { chatListQueryOptions, type ChatSummary, type ChatTab } from '../api/chats'
import { cacheChats, cachedChats, sortChats, uniqueChats } from '../model/chat-list'
import { AvatarGrid } from './AvatarGrid'
import styles from './ChatList.module.css'
import { EmptyState } from '@/components/EmptyState'
import { ChatIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { paths } from '@/config/paths'
import { useT, type Translate } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { useFormat, type Format } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/chat'

const TABS = [
  { key: 'current', label: 'chat.tabCurrent' },
  { key: 'previous', label: 'chat.tabPrevious' },
] as const satisfies readonly { key: ChatTab; label: string }[]

const DAY_MS = 24 * 60 * 60 * 1000

/** The list's time of a chat (SPEC §9): the clock time under 24 h, 'Yesterday' under 48 h, else the date, each the
 * language's way (India time, 12-hour clock). */
function chatTime(t: Translate, format: Format, then: Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - then.getTime()
  if (elapsed < DAY_MS) return format.time(then)
  if (elapsed < 2 * DAY_MS) return t('chat.yesterday')
  return format.date(then, 'short')
}

type ListState = { chatTab?: ChatTab } | null

export function ChatListScreen() {
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const current: ChatTab = (location.state as ListState)?.chatTab === 'previous' ? 'previous' : 'current'
  const initial = useMemo(() => cachedChats(current), [current])
  const chats = useInfiniteQuery({
    ...chatListQueryOptions(current),
    placeholderData: initial.length > 0 ? { pages: [{ chats: initial, page: 0, has_more: false }], pageParams: [0] } : undefined,
  })
  const shown = useMemo(() => sortChats(uniqueChats(chats.data?.pages ?? [])), [chats.data])

  useEffect(() => {
    if (chats.isSuccess && !chats.isPlaceholderData) cacheChats(current, shown)
  }, [chats.isSuccess, chats.isPlaceholderData, current, shown])

  // The tab is kept in the navigation state, so coming back from a chat returns to the same tab.
  const choose = (tab: ChatTab) => navigate(location.pathname, { replace: true, state: { chatTab: tab } })

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const index = TABS.findIndex((tab) => tab.key === current)
    const next = TABS[(index + step + TABS.length) % TABS.length]
    choose(next.key)
    tabRefs.current[next.key]?.focus()
  }

  return (
    <>
      <PageHeader title={t('chat.title')} />
      <main className={styles.screen}>
        <div role="tablist" aria-label={t('chat.title')} className={styles.tabs} onKeyDown={onKeyDown}>
          {TABS.map((tab) => (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[tab.key] = element
              }}
              type="button"
              role="tab"
              id={`chat-tab-${tab.key}`}
              aria-selected={tab.key === current}
              aria-controls="chat-panel"
              tabIndex={tab.key === current ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(tab.key)}
            >
              {t(tab.label)}
            </button>
          ))}
        </div>
        <section id="chat-panel" role="tabpanel" aria-labelledby={`chat-tab-${current}`} className={styles.list}>
          {chats.isPending && (
            <p className={styles.loading} role="status">
              {t('chat.loadingChats')}
            </p>
          )}
          {chats.isError && shown.length === 0 && (
            <EmptyState title={t('chat.loadFailed')} description={errorMessage(chats.error)}>
              <button type="button" className="btn btn-primary btn-small" onClick={() => void chats.refetch()}>
                {t('chat.tryAgain')}
              </button>
            </EmptyState>
          )}
          {chats.isSuccess && shown.length === 0 && <EmptyState title={t('common.nothingHere')} illustration={<ChatIcon size={40} />} />}
          {shown.length > 0 && (
            <ul className={styles.list}>
              {shown.map((chat) => (
                <li key={chat.id}>
                  <ChatRow chat={chat} tab={current} />
                </li>
              ))}
            </ul>
          )}
          {chats.hasNextPage && !chats.isPlaceholderData && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => void chats.fetchNextPage()}
              disabled={chats.isFetchingNextPage}
            >
              {chats.isFetchingNextPage ? t('chat.loadingMore') : t('chat.loadMore')}
            </button>
          )}
        </section>
      </main>
    </>
  )
}

function ChatRow({ chat, tab }: { chat: ChatSummary; tab: ChatTab }) {
  const t = useT()
  const format = useFormat()
  const last = chat.last_message
  const time = last ? chatTime(t, format, new Date(last.timestamp)) : ''
  return (
    <Link to={paths.chatRoom(chat.id)} state={{ chatTab: tab }} className={styles.item} data-testid="chat-row">
      <AvatarGrid users={chat.chat_users} />
      <span className={styles.body}>
        <span className={styles.top}>
          <span className={styles.name}>{chat.display_name}</span>
          {time && <span className={styles.time}>{time}</span>}
        </span>
        <span className={styles.last}>
          <span className={styles.lastText}>{last ? last.message || t('chat.attachment') : t('chat.noMessages')}</span>
          {chat.unread && (
            <span className={styles.unread} data-testid="unread-dot">
              <span className="visually-hidden">{t('chat.unread')}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  )
}
