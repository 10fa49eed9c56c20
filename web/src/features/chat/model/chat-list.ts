import type { ChatSummary, ChatTab } from '../api/chats'
import { storage } from '@/lib/storage'

const timeOf = (chat: ChatSummary) => (chat.last_message ? Date.parse(chat.last_message.timestamp) : Number.NaN)

/** Newest last message first; chats without a message last, in the server's order (SPEC §9). */
export function sortChats(chats: readonly ChatSummary[]): ChatSummary[] {
  return chats
    .map((chat, index) => ({ chat, index, at: timeOf(chat) }))
    .sort((a, b) => {
      const aTimed = !Number.isNaN(a.at)
      const bTimed = !Number.isNaN(b.at)
      if (aTimed && bTimed && a.at !== b.at) return b.at - a.at
      if (aTimed !== bTimed) return aTimed ? -1 : 1
      return a.index - b.index
    })
    .map((item) => item.chat)
}

/** Pages joined without repeats (a page boundary moves when a new message reorders the list). */
export function uniqueChats(pages: readonly { chats: ChatSummary[] }[]): ChatSummary[] {
  const seen = new Map<number, ChatSummary>()
  for (const page of pages) for (const chat of page.chats) if (!seen.has(chat.id)) seen.set(chat.id, chat)
  return [...seen.values()]
}

const isChat = (value: unknown): value is ChatSummary =>
  typeof value === 'object' && value !== null && typeof (value as ChatSummary).id === 'number' &&
  typeof (value as ChatSummary).display_name === 'string' && Array.isArray((value as ChatSummary).chat_users)

/** The tab's list as last shown, from the per-chat local cache. */
export function cachedChats(tab: ChatTab): ChatSummary[] {
  const ids = storage.chatListOrder(tab).get() ?? []
  return ids.map((id) => storage.chat(id).get()).filter(isChat)
}

export function cacheChats(tab: ChatTab, chats: readonly ChatSummary[]): void {
  for (const chat of chats) storage.chat(chat.id).set(chat)
  storage.chatListOrder(tab).set(chats.map((chat) => chat.id))
}
