import { orderedMessages, type RoomMessage, type RoomMessages } from './room-messages'

/** At most this many of a room's newest messages are kept to be shown again while offline. */
export const SEEN_MESSAGES_MAX = 200

/**
 * The messages the server has stored that this device has shown, newest last, to open the room with while offline.
 * Upload steps of this page's own attachments cannot go on from another visit, so they are not kept.
 */
export function seenMessages(state: RoomMessages, max = SEEN_MESSAGES_MAX): RoomMessage[] {
  return orderedMessages(state)
    .filter((message) => message.id !== null && message.status === 'successful')
    .slice(-max)
    .map((message) => ({
      ...message,
      outgoing: null,
      upload: message.upload === 'checking' ? 'checking' : null,
      error: null,
    }))
}

export function fromSeen(seen: readonly RoomMessage[]): RoomMessages {
  const state: RoomMessages = {}
  for (const message of seen) state[message.key] = message
  return state
}

/**
 * When the history arrives after the room opened with the seen messages: only the messages typed here meanwhile
 * stay, so the list is the server's pages without a gap between old seen messages and the newest page.
 */
export function withoutSeen(state: RoomMessages): RoomMessages {
  const kept: RoomMessages = {}
  for (const message of Object.values(state)) if (message.id === null) kept[message.key] = message
  return kept
}
