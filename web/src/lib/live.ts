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
import { LIVE } from '@/generated/rules/live'
import { ChatSocket, chatSocketUrl } from '@/lib/chat-socket'
import {
  CHAT_LIST_KEY,
  NOTIFICATIONS_KEY,
  REVIEWS_KEY,
  SOS_KEY,
  TRIPS_KEY,
} from '@/lib/query-keys'
import { userQueryOptions } from '@/lib/session'

export type LiveChange = { kind?: unknown; id?: unknown }

/** The kinds of change the server tells (domain/rules/live.py, generated). */
export type LiveKind = (typeof LIVE.LIVE_KINDS)[number]

/**
 * What each kind makes stale: a Record over the generated kinds, so a kind the server adds fails the type check
 * until it is mapped here. A join or a cancelled trip also adds or closes a chat; a completed trip adds one to rate.
 */
const REFRESHED: Record<LiveKind, readonly QueryKey[]> = {
  trip: [TRIPS_KEY, CHAT_LIST_KEY, REVIEWS_KEY],
  join: [TRIPS_KEY, CHAT_LIST_KEY],
  cab: [TRIPS_KEY],
  question: [TRIPS_KEY],
  kyc: [userQueryOptions().queryKey],
  notification: [NOTIFICATIONS_KEY],
  sos: [SOS_KEY],
}

const isLiveKind = (kind: unknown): kind is LiveKind => (LIVE.LIVE_KINDS as readonly unknown[]).includes(kind)

/** The app's live socket while signed in: stop it, or say which trip's sheet is on screen (null: none). */
export type LiveFollow = { stop: () => void; followTrip: (tripId: string | number | null) => void }

/** A trip id as the server takes it; null for none or anything that is not one. */
function tripIdOf(tripId: string | number | null): number | null {
  const id = Number(tripId)
  return tripId !== null && tripId !== '' && Number.isSafeInteger(id) && id > 0 ? id : null
}

/** The query keys a change makes stale; null: everything (events may have been missed). */
export function keysToRefresh(change: LiveChange): readonly QueryKey[] | null {
  if (change.kind === LIVE.EVERYTHING) return null
  return isLiveKind(change.kind) ? REFRESHED[change.kind] : []
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
  let followed: number | null = null
  const offFrame = socket.onFrame((frame) => {
    if (frame.event === 'changed') refresh(queryClient, frame.data)
  })
  const offState = socket.onState((state) => {
    if (state !== 'open') return
    // Each connection is new to the server: the sheet on screen is followed again.
    if (followed !== null) socket.send('follow-trip', { trip_id: followed })
    // Whatever changed before this connection was not heard: while the socket was down, or, on the first one,
    // between the screen's first answers and the socket's opening (it opens after the first paint).
    refresh(queryClient, { kind: 'all' })
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
