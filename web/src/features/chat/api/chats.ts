import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query'
import type { RoomMessage } from '../model/room-messages'
import type { components } from '@/generated/api'
import { call, getData } from '@/lib/api-client'
import { CHAT_KEY, CHAT_LIST_KEY } from '@/lib/query-keys'
import { getTripChat } from '@/lib/trips'

type Schemas = components['schemas']

export type ChatSummary = Schemas['ChatPublic']
export type ChatListPage = Schemas['ChatList']
export type ChatHistoryPage = Schemas['ChatHistory']
export type DocumentAccepted = Schemas['DocumentAccepted']


export type ChatTab = 'current' | 'previous'

/** How long a room once opened can be opened again offline: its summary and the messages seen are kept this long. */
export const ROOM_KEPT_FOR_OFFLINE_MS = 24 * 60 * 60 * 1000

export const chatListQueryOptions = (tab: ChatTab) =>
  infiniteQueryOptions({
    queryKey: [...CHAT_LIST_KEY, tab],
    queryFn: ({ pageParam, signal }) =>
      getData('/api/chat/user', {
        query: { retrieve_past_chats: tab === 'previous' ? 1 : 0, page: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
  })

export const tripChatQueryOptions = (tripId: string | number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'of-trip', String(tripId)],
    queryFn: ({ signal }) => getTripChat(tripId, signal),
    staleTime: 0,
    gcTime: ROOM_KEPT_FOR_OFFLINE_MS,
  })

/** Paged history: page 0 is the newest; each page lists its messages oldest first. */
export const chatHistoryQueryOptions = (chatId: number) =>
  infiniteQueryOptions({
    queryKey: [...CHAT_KEY, 'history', chatId],
    queryFn: ({ pageParam, signal }) =>
      getData('/api/chat/chat', { query: { page: pageParam, chat_id: chatId }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: Infinity,
    gcTime: 0,
  })

/**
 * The messages a room last showed on this device (model/seen-messages.ts): never fetched, only written by the open
 * room, and read when the room opens while offline. Logout clears it with the rest of the cache.
 */
export const seenMessagesQueryOptions = (chatId: number) =>
  queryOptions<RoomMessage[]>({
    queryKey: [...CHAT_KEY, 'seen', chatId],
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: ROOM_KEPT_FOR_OFFLINE_MS,
  })

/** The file of a send-document placeholder, sent on the socket's own session. */
export async function uploadChatDocument(messageId: number, sessionId: string, file: File) {
  const body = new FormData()
  body.set('message_id', String(messageId))
  body.set('session_id', sessionId)
  body.set('file', file, file.name)
  return call('POST', '/api/chat/message/document', { body })
}
