/**
 * Live state (docs/architecture.md, "Live state"): one socket to /api/chat/ws?live=1 for the app while signed in carries
 * "changed" {kind, id} whenever a flow changes something of the signed-in person's; the matching queries are
 * fetched again, so open screens follow without a reload. When the socket comes back after a drop, everything on
 * screen is fetched again. (A chat room keeps its own socket, closed 1 s after leaving it, SPEC §7.)
 *
 * The trip sheet on screen is followed too ("follow-trip"): its trip's own changes arrive whoever the person is on
 * it, so a sheet opened from search sees the trip cancelled or gone. The socket says it again after each reconnect.
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
// A trip's SOS, the person's own and the standing ones of others (features/safety/api, under the trips' key).
const SOS_KEY = [...TRIPS_KEY, 'sos'] as const

/** The app's live socket while signed in: stop it, or say which trip's sheet is on screen (null: none). */
export type LiveFollow = { stop: () => void; followTrip: (tripId: string | number | null) => void }

/** A trip id as the server takes it; null for none or anything that is not one. */
function tripIdOf(tripId: string | number | null): number | null {
  const id = Number(tripId)
  return tripId !== null && tripId !== '' && Number.isSafeInteger(id) && id > 0 ? id : null
}

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
    case 'sos':
      return [SOS_KEY]
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

/** Follows the signed-in person's changes, and the trip sheet's on screen, on the app's socket until stopped. */
export function followLiveChanges(
  queryClient: QueryClient,
  socket = new ChatSocket({ url: `${chatSocketUrl()}?live=1` }),
): LiveFollow {
  let wasOpen = false
  let followed: number | null = null
  const offFrame = socket.onFrame((frame) => {
    if (frame.event === 'changed') refresh(queryClient, frame.data)
  })
  const offState = socket.onState((state) => {
    if (state !== 'open') return
    // Each connection is new to the server: the sheet on screen is followed again.
    if (followed !== null) socket.send('follow-trip', { trip_id: followed })
    // A reconnect: whatever changed while the socket was down was not heard.
    if (wasOpen) refresh(queryClient, { kind: 'all' })
    wasOpen = true
  })
  socket.start()
  return {
    stop: () => {
      offFrame()
      offState()
      socket.stop()
    },
    followTrip: (tripId) => {
      const id = tripIdOf(tripId)
      if (id === followed) return
      followed = id
      // Not open now: the next connection says it.
      socket.send('follow-trip', { trip_id: id })
    },
  }
}
