import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { tripChatQueryOptions, type ChatSummary } from '../api/chats'
import type { ChatSender } from '../model/room-messages'
import styles from './ChatRoom.module.css'
import { Composer } from './Composer'
import { MessageBubble } from './MessageBubble'
import { RoomMenu } from './RoomMenu'
import { useChatRoom } from './use-chat-room'
import { useFollowNewest } from './use-follow-newest'
import { useVisibleHeight } from './use-visible-height'
import { Avatar } from '@/components/Avatar'
import { EmptyState } from '@/components/EmptyState'
import { useOnline } from '@/components/OfflineBanner'
import { PageHeader } from '@/components/PageHeader'
import { PersonButton } from '@/components/person'
import { tripWhen } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { useI18n, useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { errorMessage } from '@/lib/api'
import { placeShortName } from '@/lib/location'
import { useCurrentUser } from '@/lib/session'
import { tripQueryOptions } from '@/lib/trips'
import '@/i18n/catalogs/en/chat'

/** Scrolled this close to the top, older messages are fetched. */
const EDGE_PX = 48

function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.spinnerWrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

export function ChatRoomScreen() {
  const { t, message } = useI18n()
  const format = useFormat()
  const { chatId = '' } = useParams()
  // The chat list's tab came along in the navigation state; back returns to it.
  const listState: unknown = useLocation().state
  const user = useCurrentUser()
  const online = useOnline()
  const chat = useQuery(tripChatQueryOptions(chatId))
  const trip = useQuery({ ...tripQueryOptions(String(chat.data?.trip_id ?? 0), null), enabled: chat.isSuccess })
  const me: ChatSender = {
    user_id: user.id,
    name: user.name ?? null,
    image: user.small_image_url ?? null,
    is_kyc_verified: user.is_kyc_verified,
  }
  const room = useChatRoom(chat.data?.id ?? 0, me, chat.isSuccess)
  const isHost = chat.data?.chat_users.some((person) => person.user_id === user.id && person.is_host) ?? false

  const header = (
    <PageHeader
      title={t('chat.roomTitle')}
      backTo={paths.chat}
      backState={listState ?? undefined}
      actions={
        <>
          <RoomPeople people={chat.data?.chat_users.filter((person) => person.user_id !== user.id) ?? []} />
          {isHost && !room.roomError && <RoomMenu onShareNumber={room.shareNumber} />}
        </>
      }
    />
  )

  if (chat.isError) {
    return (
      <RoomColumn header={header}>
        <EmptyState title={errorMessage(chat.error)}>
          <Link className="btn btn-primary btn-small" to={paths.chat}>
            {t('chat.backToChats')}
          </Link>
        </EmptyState>
      </RoomColumn>
    )
  }
  if (chat.isPending && chat.fetchStatus === 'paused') {
    return (
      <RoomColumn header={header}>
        <EmptyState title={t('chat.offline')} description={t('chat.offlineHint')}>
          <Link className="btn btn-primary btn-small" to={paths.chat}>
            {t('chat.backToChats')}
          </Link>
        </EmptyState>
      </RoomColumn>
    )
  }
  // The trip only names the route: offline without it, the chat's own name does.
  if (!chat.isSuccess || (trip.isPending && trip.fetchStatus !== 'paused')) {
    return (
      <RoomColumn header={header}>
        <Spinner label={t('chat.loadingTrip')} />
      </RoomColumn>
    )
  }

  const when = tripWhen(trip.data?.scheduled_at ?? chat.data.scheduled_at, format)
  const route = trip.data
    ? t('chat.route', { from: placeShortName(trip.data.origin.name), to: placeShortName(trip.data.destination.name) })
    : chat.data.display_name

  const offline = !online || room.waitsForNetwork
  return (
    <RoomColumn header={header}>
      <Link to={paths.trip(chat.data.trip_id)} className={styles.tripCard} data-testid="chat-trip-card">
        <span className={styles.tripRoute}>{route}</span>
        <span className="muted">{when}</span>
      </Link>
      <MessageList room={room} myId={user.id} />
      {offline ? (
        <p className={styles.connection} role="status">
          {room.messages.length > 0 ? t('chat.offlineSeen') : t('chat.offlineNothingSeen')}
        </p>
      ) : (
        room.connection !== 'open' &&
        !room.roomError && (
          <p className={styles.connection} role="status">
            {t('chat.reconnecting')}
          </p>
        )
      )}
      {room.roomError ? (
        <p className={styles.roomError} role="alert">
          {message(room.roomError)}
        </p>
      ) : (
        <Composer disabled={false} onSendText={room.sendText} onSendFile={room.sendDocument} />
      )}
    </RoomColumn>
  )
}

/**
 * The room as one column as tall as the part of the window one sees: the header, the trip, the message list (the
 * only part that scrolls) and the composer at the bottom, which so stays above an on-screen keyboard.
 */
function RoomColumn({ header, children }: { header: ReactNode; children: ReactNode }) {
  const visibleHeight = useVisibleHeight()
  const height = visibleHeight === null ? undefined : ({ '--room-height': `${visibleHeight}px` } as CSSProperties)
  return (
    <div className={styles.room} style={height}>
      {header}
      <main className={styles.screen}>{children}</main>
    </div>
  )
}

function MessageList({ room, myId }: { room: ReturnType<typeof useChatRoom>; myId: number }) {
  const t = useT()
  const listRef = useRef<HTMLDivElement>(null)
  const heightBeforeOlder = useRef<number | null>(null)
  const { history, messages } = room
  const count = messages.length
  const newest = messages[count - 1]
  const follow = useFollowNewest(listRef, {
    key: newest?.key,
    mine: newest !== undefined && newest.sender.user_id === myId && newest.status === 'waiting',
  })

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return
    heightBeforeOlder.current = listRef.current?.scrollHeight ?? null
    void history.fetchNextPage()
  }

  useLayoutEffect(() => {
    const list = listRef.current
    if (!list || heightBeforeOlder.current === null) return
    // Older messages went in above: keep the same messages in view.
    list.scrollTop += list.scrollHeight - heightBeforeOlder.current
    if (!history.isFetchingNextPage) heightBeforeOlder.current = null
  }, [count, history.isFetchingNextPage])

  const onScroll = () => {
    const list = listRef.current
    if (!list) return
    follow.onScrolled()
    if (list.scrollTop < EDGE_PX) loadOlder()
  }

  return (
    <div className={styles.messagesWrap}>
      <div ref={listRef} className={styles.messages} onScroll={onScroll} data-testid="chat-messages">
        {history.hasNextPage && (
          <button
            type="button"
            className={`link-button ${styles.loadMore}`}
            onClick={loadOlder}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? t('chat.loadingMore') : t('chat.loadEarlier')}
          </button>
        )}
        {history.isPending && history.fetchStatus === 'fetching' && <Spinner label={t('chat.loadingMessages')} />}
        {history.isError && (
          <p className={styles.roomError} role="alert">
            {errorMessage(history.error)}
          </p>
        )}
        <div role="log" aria-live="polite" aria-label={t('chat.messages')} className={styles.log}>
          {messages.map((message) => (
            <MessageBubble
              key={message.key}
              message={message}
              mine={message.sender.user_id === myId}
              onRetry={room.retry}
              canRetryUpload={room.canRetryUpload(message)}
            />
          ))}
        </div>
        {history.isSuccess && count === 0 && <p className={styles.quiet}>{t('chat.sayHello')}</p>}
      </div>
      {follow.unseen && (
        <button
          type="button"
          className={`btn btn-primary btn-small ${styles.newMessages}`}
          onClick={follow.scrollToBottom}
        >
          {t('chat.newMessages')}
        </button>
      )}
    </div>
  )
}

/** The other people of the chat in the header, each opening their profile sheet. */
function RoomPeople({ people }: { people: ChatSummary['chat_users'] }) {
  const t = useT()
  if (people.length === 0) return null
  return (
    <ul className={styles.headerPeople} aria-label={t('chat.people')}>
      {people.slice(0, 4).map((person) => (
        <li key={person.user_id}>
          <PersonButton person={{ id: person.user_id, name: person.name }}>
            <Avatar src={person.small_image_url} name={person.name} size={28} />
          </PersonButton>
        </li>
      ))}
    </ul>
  )
}
