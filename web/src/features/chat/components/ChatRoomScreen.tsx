import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { tripChatQueryOptions, type ChatSender, type ChatSummary } from '../api/chats'
import styles from './ChatRoom.module.css'
import { Composer } from './Composer'
import { MessageBubble } from './MessageBubble'
import { RoomMenu } from './RoomMenu'
import { useChatRoom } from './use-chat-room'
import { Avatar } from '@/components/Avatar'
import { EmptyState } from '@/components/EmptyState'
import { PageHeader } from '@/components/PageHeader'
import { PersonButton } from '@/components/person'
import { formatClock, isoToDdMmYyyy, scheduleParts } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { placeShortName } from '@/lib/location'
import { useCurrentUser } from '@/lib/session'
import { tripQueryOptions } from '@/lib/trips'

/** Scrolled this close to the top, older messages are fetched; this close to the bottom, new ones keep it there. */
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
  const { chatId = '' } = useParams()
  // The chat list's tab came along in the navigation state; back returns to it.
  const listState: unknown = useLocation().state
  const user = useCurrentUser()
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
      title="Trip"
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
      <>
        {header}
        <main className={styles.screen}>
          <EmptyState title={errorMessage(chat.error)}>
            <Link className="btn btn-primary btn-small" to={paths.chat}>
              Back to chats
            </Link>
          </EmptyState>
        </main>
      </>
    )
  }
  if (!chat.isSuccess || trip.isPending) {
    return (
      <>
        {header}
        <main className={styles.screen}>
          <Spinner label="Loading trip" />
        </main>
      </>
    )
  }

  const schedule = trip.data ? scheduleParts(trip.data.scheduled_at) : scheduleParts(chat.data.scheduled_at)
  const route = trip.data
    ? `${placeShortName(trip.data.origin.name)} to ${placeShortName(trip.data.destination.name)}`
    : chat.data.display_name

  return (
    <>
      {header}
      <main className={styles.screen}>
        <Link to={paths.trip(chat.data.trip_id)} className={styles.tripCard} data-testid="chat-trip-card">
          <span className={styles.tripRoute}>{route}</span>
          <span className="muted">
            {isoToDdMmYyyy(schedule.date)} · {formatClock(schedule.time)}
          </span>
        </Link>
        <MessageList room={room} myId={user.id} />
        {room.connection !== 'open' && !room.roomError && (
          <p className={styles.connection} role="status">
            Reconnecting…
          </p>
        )}
        {room.roomError ? (
          <p className={styles.roomError} role="alert">
            {room.roomError}
          </p>
        ) : (
          <Composer disabled={false} onSendText={room.sendText} onSendFile={room.sendDocument} />
        )}
      </main>
    </>
  )
}

function MessageList({ room, myId }: { room: ReturnType<typeof useChatRoom>; myId: number }) {
  const listRef = useRef<HTMLDivElement>(null)
  const [atBottom, setAtBottom] = useState(true)
  const heightBeforeOlder = useRef<number | null>(null)
  const { history, messages } = room
  const count = messages.length
  const newestKey = messages[count - 1]?.key

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return
    heightBeforeOlder.current = listRef.current?.scrollHeight ?? null
    void history.fetchNextPage()
  }

  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    if (heightBeforeOlder.current !== null) {
      // Older messages went in above: keep the same messages in view.
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current
      if (!history.isFetchingNextPage) heightBeforeOlder.current = null
    } else if (atBottom) {
      list.scrollTop = list.scrollHeight
    }
    // Runs when messages are added or an upload changes a message's height.
  }, [count, newestKey, messages, atBottom, history.isFetchingNextPage])

  const onScroll = () => {
    const list = listRef.current
    if (!list) return
    setAtBottom(list.scrollHeight - list.scrollTop - list.clientHeight < EDGE_PX)
    if (list.scrollTop < EDGE_PX) loadOlder()
  }

  return (
    <div ref={listRef} className={styles.messages} onScroll={onScroll}>
      {history.hasNextPage && (
        <button
          type="button"
          className={`link-button ${styles.loadMore}`}
          onClick={loadOlder}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
        </button>
      )}
      {history.isPending && <Spinner label="Loading messages" />}
      {history.isError && (
        <p className={styles.roomError} role="alert">
          {errorMessage(history.error)}
        </p>
      )}
      <div role="log" aria-live="polite" aria-label="Messages" className={styles.log}>
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
      {history.isSuccess && count === 0 && <p className={styles.quiet}>No messages yet. Say hello!</p>}
    </div>
  )
}

/** The other people of the chat in the header, each opening their profile sheet. */
function RoomPeople({ people }: { people: ChatSummary['chat_users'] }) {
  if (people.length === 0) return null
  return (
    <ul className={styles.headerPeople} aria-label="People in this chat">
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
