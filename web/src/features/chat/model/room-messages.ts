import type { components } from '@/generated/api'

/** A stored message, its sender and its attachments, as the API answers them. */
export type ChatMessage = components['schemas']['ChatMessagePublic']
export type ChatDocument = components['schemas']['ChatDocumentPublic']
export type ChatSender = components['schemas']['ChatSender']

/** SPEC §3 chat message states, as the sender sees them. */
export type MessageStatus = 'waiting' | 'failed' | 'successful'

/** What a message of one's own still needs: the send itself, or the attachment's upload and check. */
export type Outgoing = 'normal' | 'share_number' | 'document'
export type UploadPhase = 'pending' | 'uploading' | 'checking' | 'failed'

export type RoomMessage = {
  key: string
  id: number | null
  message: string
  type: ChatMessage['type']
  sender: ChatSender
  time: string
  status: MessageStatus
  client_message_identifier: string
  documents: ChatDocument[]
  /** why the last send failed */
  error: string | null
  /** set on one's own messages sent from this page, so a retry sends the same frame again */
  outgoing: Outgoing | null
  upload: UploadPhase | null
  /** the order of messages the server has not numbered yet */
  queuedAt: number
}

export type RoomMessages = Record<string, RoomMessage>

/** A client identifier is unique per sender, so the pair names one message. */
export const messageKey = (senderId: number, clientMessageIdentifier: string) =>
  `${senderId}/${clientMessageIdentifier}`

function uploadAfter(previous: RoomMessage | undefined, documents: ChatDocument[]): UploadPhase | null {
  const document = documents[0]
  if (document) return document.status === 'checking' ? 'checking' : null
  return previous?.upload ?? null
}

/** Messages from the server (history, live, catch-up, documents): stored, so successful. */
export function withServerMessages(state: RoomMessages, messages: ChatMessage[]): RoomMessages {
  if (messages.length === 0) return state
  const next = { ...state }
  for (const message of messages) {
    const key = messageKey(message.sender.user_id, message.client_message_identifier)
    const previous = next[key]
    const documents = message.documents.length > 0 ? message.documents : (previous?.documents ?? [])
    next[key] = {
      key,
      id: message.id,
      message: message.message,
      type: message.type,
      sender: message.sender,
      time: message.time,
      status: 'successful',
      client_message_identifier: message.client_message_identifier,
      documents,
      error: null,
      outgoing: previous?.outgoing ?? null,
      upload: uploadAfter(previous, documents),
      queuedAt: previous?.queuedAt ?? 0,
    }
  }
  return next
}

export type QueuedMessage = {
  sender: ChatSender
  clientMessageIdentifier: string
  text: string
  outgoing: Outgoing
  now?: Date
}

/** A message of one's own before the server has it: waiting. */
export function withQueued(state: RoomMessages, queued: QueuedMessage): RoomMessages {
  const key = messageKey(queued.sender.user_id, queued.clientMessageIdentifier)
  const now = queued.now ?? new Date()
  return {
    ...state,
    [key]: {
      key,
      id: null,
      message: queued.text,
      type: queued.outgoing === 'document' ? 'media' : queued.outgoing === 'share_number' ? 'number' : 'normal',
      sender: queued.sender,
      time: now.toISOString(),
      status: 'waiting',
      client_message_identifier: queued.clientMessageIdentifier,
      documents: [],
      error: null,
      outgoing: queued.outgoing,
      upload: queued.outgoing === 'document' ? 'pending' : null,
      queuedAt: now.getTime(),
    },
  }
}

export function withChange(state: RoomMessages, key: string, change: Partial<RoomMessage>): RoomMessages {
  const current = state[key]
  if (!current) return state
  return { ...state, [key]: { ...current, ...change } }
}

/** Oldest first: the numbered messages by number, then the ones still on their way in the order they were typed. */
export function orderedMessages(state: RoomMessages): RoomMessage[] {
  return Object.values(state).sort((a, b) => {
    if (a.id !== null && b.id !== null) return a.id - b.id
    if (a.id !== null) return -1
    if (b.id !== null) return 1
    return a.queuedAt - b.queuedAt
  })
}

/** The newest message the server numbered, for catching up after a reconnect. */
export function lastSeenId(state: RoomMessages): number | null {
  let newest: number | null = null
  for (const message of Object.values(state)) {
    if (message.id !== null && (newest === null || message.id > newest)) newest = message.id
  }
  return newest
}

/** One's own messages that still need their frame sent: waiting ones, and documents whose placeholder is not stored. */
export function unsent(state: RoomMessages, senderId: number): RoomMessage[] {
  return orderedMessages(state).filter(
    (message) => message.sender.user_id === senderId && message.outgoing !== null && message.status === 'waiting',
  )
}

/** How far back before its newest message a joining client names the ids it holds. */
export const HELD_IDS_WINDOW_MS = 10 * 60 * 1000
/** At most this many ids are named (the server takes up to 500). */
export const HELD_IDS_MAX = 300

/**
 * The join frame's catch-up point: the newest id, and the ids held from the last minutes before it. Messages of
 * two API processes can arrive slightly out of id order; naming what it holds, the client also gets a lower-numbered
 * message that came after a higher one and was lost in a disconnect.
 */
export function catchUpPoint(state: RoomMessages): { last_message_id: number; seen_message_ids: number[] } {
  const numbered: { id: number; at: number }[] = []
  for (const message of Object.values(state)) {
    if (message.id !== null) numbered.push({ id: message.id, at: Date.parse(message.time) })
  }
  if (numbered.length === 0) return { last_message_id: 0, seen_message_ids: [] }
  numbered.sort((a, b) => b.id - a.id)
  const since = numbered[0].at - HELD_IDS_WINDOW_MS
  const held = numbered
    .filter((message) => !(message.at < since))
    .slice(0, HELD_IDS_MAX)
    .map((message) => message.id)
    .reverse()
  return { last_message_id: numbered[0].id, seen_message_ids: held }
}
