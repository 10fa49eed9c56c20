import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import { getTripChat } from '@/lib/trips'

type Schemas = components['schemas']

export type ChatSummary = Schemas['ChatPublic']
export type ChatListPage = Schemas['ChatList']
export type ChatHistoryPage = Schemas['ChatHistory']
export type ChatMessage = Schemas['ChatMessagePublic']
export type ChatDocument = Schemas['ChatDocumentPublic']
export type ChatSender = Schemas['ChatSender']
export type DocumentAccepted = Schemas['DocumentAccepted']

export const CHAT_KEY = ['chat'] as const

export type ChatTab = 'current' | 'previous'

export const chatListQueryOptions = (tab: ChatTab) =>
  infiniteQueryOptions({
    queryKey: [...CHAT_KEY, 'list', tab],
    queryFn: ({ pageParam, signal }) =>
      getData<ChatListPage>(
        `/api/chat/user?retrieve_past_chats=${tab === 'previous' ? 1 : 0}&page=${pageParam}`,
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
  })

export const tripChatQueryOptions = (tripId: string | number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'of-trip', String(tripId)],
    queryFn: ({ signal }) => getTripChat(tripId, signal),
    staleTime: 0,
  })

/** Paged history: page 0 is the newest; each page lists its messages oldest first. */
export const chatHistoryQueryOptions = (chatId: number) =>
  infiniteQueryOptions({
    queryKey: [...CHAT_KEY, 'history', chatId],
    queryFn: ({ pageParam, signal }) =>
      getData<ChatHistoryPage>(`/api/chat/chat?page=${pageParam}&chat_id=${chatId}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: Infinity,
    gcTime: 0,
  })

/** The file of a send-document placeholder, sent on the socket's own session. */
export async function uploadChatDocument(messageId: number, sessionId: string, file: File) {
  const body = new FormData()
  body.set('message_id', String(messageId))
  body.set('session_id', sessionId)
  body.set('file', file, file.name)
  return request<DocumentAccepted>('/api/chat/message/document', { method: 'POST', body })
}
