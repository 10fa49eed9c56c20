/**
 * Live state (docs/architecture.md, "Live state"): one socket to /api/chat/ws?live=1 for the app while signed in carries
 * "changed" {kind, id} whenever a flow changes something of the signed-in person's; the matching queries are
 * fetched again, so open screens follow without a reload. When the socket comes back after a drop, everything on
 * screen is fetched again. (A chat room keeps its own socket, closed 1 s after leaving it, SPEC §7.)
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { ChatSocket, chatSocketUrl } from '@/lib/chat-socket'
import { NOTIFICATIONS_KEY } from '@/lib/notifications'
import { userQueryOptions } from '@/lib/session'
import { TRIPS_KEY } from '@/lib/trips'

export type LiveChange = { kind?: unknown; id?: unknown }

// The chat list (features/chat/api CHAT_KEY 'list'): a join or a cancelled trip adds or closes a chat.
const CHAT_LIST_KEY = ['chat', 'list'] as const
// Trips to rate (features/home/api): a completed trip adds one.
const REVIEWS_KEY = ['reviews'] as const

/** The query keys a change makes stale; null: everything (events may have been missed). */
export function keysToRefresh(change: LiveChange): QueryKey[] | null {
  switch (change.kind) {
    case 'trip':
      return [TRIPS_KEY, CHAT_LIST_KEY, REVIEWS_KEY]
    case 'join':
      return [TRIPS_KEY, CHAT_LIST_KEY]
    case 'cab':
    case 'question':
      return [TRIPS_KEY]
    case 'kyc':
      return [userQueryOptions().queryKey]
    case 'notification':
      return [NOTIFICATIONS_KEY]
    case 'all':
      return null
    default:
      return []
  }
}

export function refresh(queryClient: QueryClient, change: LiveChange): void {
  const keys = keysToRefresh(change)
  if (keys === null) {
    void queryClient.invalidateQueries()
    return
  }
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey })
}

/** Follows the signed-in person's changes on the app's socket until the returned stop is called. */
export function followLiveChanges(
  queryClient: QueryClient,
  socket = new ChatSocket({ url: `${chatSocketUrl()}?live=1` }),
): () => void {
  let wasOpen = false
  const offFrame = socket.onFrame((frame) => {
    if (frame.event === 'changed') refresh(queryClient, frame.data)
  })
  const offState = socket.onState((state) => {
    if (state !== 'open') return
    // A reconnect: whatever changed while the socket was down was not heard.
    if (wasOpen) refresh(queryClient, { kind: 'all' })
    wasOpen = true
  })
  socket.start()
  return () => {
    offFrame()
    offState()
    socket.stop()
  }
}
