import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { CHAT_LIST_KEY } from '@/lib/query-keys'
import {
  chatHistoryQueryOptions,
  seenMessagesQueryOptions,
  uploadChatDocument,
} from '../api/chats'
import {
  catchUpPoint,
  messageKey,
  orderedMessages,
  unsent,
  withChange,
  withQueued,
  withServerMessages,
  type ChatMessage,
  type ChatSender,
  type Outgoing,
  type RoomMessage,
  type RoomMessages,
} from '../model/room-messages'
import { fromSeen, seenMessages, withoutSeen } from '../model/seen-messages'
import { errorAction, SocketRetries } from '../model/socket-retries'
import { toast } from '@/components/toast'
import { MESSAGES } from '@/generated/rules'
import { useT } from '@/i18n'
import { ApiError, errorMessage } from '@/lib/api'
import { ChatSocket, type ChatFrame, type ChatSocketState } from '@/lib/chat-socket'
import '@/i18n/catalogs/en/chat'

/** SPEC §7: the socket disconnects 1 s after leaving the room. */
const DISCONNECT_AFTER_LEAVE_MS = 1000

const newIdentifier = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

const numberOr = (value: unknown, fallback: number | null) => (typeof value === 'number' ? value : fallback)

/**
 * The live room: history pages, the socket (join with catch-up from the last seen message, reconnects), one's own
 * messages through waiting, failed and successful, and attachments through upload and the guidelines check.
 */
export function useChatRoom(chatId: number, me: ChatSender, enabled: boolean) {
  const t = useT()
  const queryClient = useQueryClient()
  const history = useInfiniteQuery({ ...chatHistoryQueryOptions(chatId), enabled })
  const [messages, setMessages] = useState<RoomMessages>({})
  const messagesRef = useRef(messages)
  const [connection, setConnection] = useState<ChatSocketState>('connecting')
  const [joined, setJoined] = useState(false)
  const [roomError, setRoomError] = useState<string | null>(null)
  const socketRef = useRef<ChatSocket | null>(null)
  const joinedRef = useRef(false)
  const sessionIdRef = useRef<string | null>(null)
  const files = useRef(new Map<string, File>())
  const awaitingUpload = useRef(new Set<string>())
  /** Frames the server answered with "try again" (503): sent again after a growing delay. */
  const retries = useRef(new SocketRetries())

  const update = useCallback((change: (state: RoomMessages) => RoomMessages) => {
    messagesRef.current = change(messagesRef.current)
    setMessages(messagesRef.current)
  }, [])

  // Offline, the history waits for the network: the room opens with the messages this device saw last time.
  const seen = useQuery(seenMessagesQueryOptions(chatId))
  const showsSeen = useRef(false)
  const waitsForNetwork = enabled && history.isPending && history.fetchStatus === 'paused'
  useEffect(() => {
    if (!waitsForNetwork || showsSeen.current || !seen.data) return
    const kept = fromSeen(seen.data)
    showsSeen.current = true
    update((state) => ({ ...kept, ...state }))
  }, [waitsForNetwork, seen.data, update])

  useEffect(() => {
    const pages = history.data?.pages
    if (!pages) return
    const fromServer = pages.flatMap((page) => page.messages)
    const wasSeen = showsSeen.current
    showsSeen.current = false
    update((state) => withServerMessages(wasSeen ? withoutSeen(state) : state, fromServer))
  }, [history.data, update])

  useEffect(() => {
    if (!enabled) return
    const kept = seenMessages(messages)
    if (kept.length > 0) queryClient.setQueryData(seenMessagesQueryOptions(chatId).queryKey, kept)
  }, [enabled, chatId, messages, queryClient])

  const transmit = useCallback(
    (message: RoomMessage): boolean => {
      const socket = socketRef.current
      if (!socket || !joinedRef.current || message.outgoing === null) return false
      const identifier = message.client_message_identifier
      if (message.outgoing === 'document') {
        return socket.send('send-document', { chat_id: chatId, client_message_identifier: identifier, file_name: message.message })
      }
      return socket.send('send-message', {
        chat_id: chatId,
        message: message.message,
        client_message_identifier: identifier,
        type: message.outgoing,
      })
    },
    [chatId],
  )

  /** Everything of one's own the server has not answered yet, sent again with the same identifiers. */
  const flush = useCallback(() => {
    for (const message of unsent(messagesRef.current, me.user_id)) transmit(message)
    for (const message of Object.values(messagesRef.current)) {
      const waitsForUpload = message.status === 'successful' && message.upload === 'pending'
      if (waitsForUpload && awaitingUpload.current.has(message.client_message_identifier)) transmit(message)
    }
  }, [me.user_id, transmit])

  const startUpload = useCallback(
    async (message: ChatMessage) => {
      const identifier = message.client_message_identifier
      const file = files.current.get(identifier)
      const sessionId = sessionIdRef.current
      const key = messageKey(me.user_id, identifier)
      if (!file || !sessionId || !awaitingUpload.current.delete(identifier)) return
      update((state) => withChange(state, key, { upload: 'uploading', error: null }))
      try {
        await uploadChatDocument(message.id, sessionId, file)
        files.current.delete(identifier)
        update((state) => withChange(state, key, { upload: 'checking' }))
      } catch (error) {
        const alreadyThere = error instanceof ApiError && error.status === 409 && error.message === MESSAGES.CHAT_DOCUMENT_ALREADY_UPLOADED
        if (alreadyThere) files.current.delete(identifier)
        update((state) =>
          withChange(state, key, alreadyThere ? { upload: 'checking' } : { upload: 'failed', error: errorMessage(error) }),
        )
      }
    },
    [me.user_id, update],
  )

  const sendJoin = useCallback(
    (socket: ChatSocket) => socket.send('join', { chat_id: chatId, ...catchUpPoint(messagesRef.current) }),
    [chatId],
  )

  const onFrame = useCallback(
    (frame: ChatFrame) => {
      const data = frame.data
      const socket = socketRef.current
      if (!socket) return
      const forThisChat = numberOr(data.chat_id, chatId) === chatId
      switch (frame.event) {
        case 'connected':
          sessionIdRef.current = typeof data.session_id === 'string' ? data.session_id : null
          sendJoin(socket)
          return
        case 'authenticated':
          flush()
          return
        case 'user-joined':
          if (!forThisChat || data.code !== 200) return
          retries.current.settled('join')
          joinedRef.current = true
          setJoined(true)
          setRoomError(null)
          flush()
          return
        case 'user-left':
          if (!forThisChat) return
          joinedRef.current = false
          setJoined(false)
          if (data.code === 403) setRoomError(typeof data.message === 'string' ? data.message : t('chat.membersOnly'))
          return
        case 'receive-message':
        case 'receive-document': {
          const message = data as unknown as ChatMessage
          if (message.chat_id !== chatId) return
          update((state) => withServerMessages(state, [message]))
          const mine = message.sender.user_id === me.user_id
          if (mine) retries.current.settled(`send:${message.client_message_identifier}`)
          if (mine && message.type === 'media' && message.documents.length === 0) void startUpload(message)
          return
        }
        case 'error': {
          const action = errorAction(data, chatId, MESSAGES.FALLBACK_ERROR)
          switch (action.kind) {
            case 'reauthenticate':
              // The message stays waiting while a fresh token is fetched; it is sent again once accepted.
              void socket.reauthenticate().then((accepted) => {
                if (accepted && action.rejoin) sendJoin(socket)
              })
              return
            case 'send-again': {
              // The server could not store it just then: still waiting, sent again with the same identifier.
              const key = messageKey(me.user_id, action.identifier)
              retries.current.later(`send:${action.identifier}`, () => {
                const message = messagesRef.current[key]
                if (message?.status === 'waiting') transmit(message)
              })
              return
            }
            case 'join-again':
              retries.current.later('join', () => {
                if (socketRef.current === socket && !joinedRef.current) sendJoin(socket)
              })
              return
            case 'failed':
              update((state) =>
                withChange(state, messageKey(me.user_id, action.identifier), { status: 'failed', error: action.message }),
              )
              return
            case 'room-error':
              setRoomError(action.message)
              return
            case 'none':
              return
          }
          return
        }
      }
    },
    [chatId, flush, me.user_id, sendJoin, startUpload, transmit, update, t],
  )

  const historyLoaded = history.isSuccess
  useEffect(() => {
    if (!enabled || !historyLoaded) return
    const socket = new ChatSocket()
    socketRef.current = socket
    const offFrame = socket.onFrame(onFrame)
    const offState = socket.onState((state) => {
      setConnection(state)
      if (state !== 'open') {
        joinedRef.current = false
        setJoined(false)
      }
    })
    socket.start()
    const pendingRetries = retries.current
    return () => {
      pendingRetries.clear()
      offFrame()
      offState()
      socket.send('leave', { chat_id: chatId })
      joinedRef.current = false
      socketRef.current = null
      window.setTimeout(() => socket.stop(), DISCONNECT_AFTER_LEAVE_MS)
      void queryClient.invalidateQueries({ queryKey: CHAT_LIST_KEY })
    }
    // One socket for the life of the room: onFrame reads the latest messages through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, historyLoaded, chatId])

  const queue = useCallback(
    (text: string, outgoing: Outgoing, file?: File) => {
      const identifier = newIdentifier()
      if (file) {
        files.current.set(identifier, file)
        awaitingUpload.current.add(identifier)
      }
      update((state) => withQueued(state, { sender: me, clientMessageIdentifier: identifier, text, outgoing }))
      const queued = messagesRef.current[messageKey(me.user_id, identifier)]
      if (!transmit(queued)) toast.error(t('chat.unableToSend'))
    },
    [me, transmit, update, t],
  )

  const retry = useCallback(
    (key: string) => {
      const message = messagesRef.current[key]
      if (!message || message.outgoing === null) return
      const uploadFailed = message.upload === 'failed'
      if (uploadFailed) awaitingUpload.current.add(message.client_message_identifier)
      update((state) =>
        withChange(state, key, uploadFailed ? { upload: 'pending', error: null } : { status: 'waiting', error: null }),
      )
      if (!transmit(messagesRef.current[key])) toast.error(t('chat.unableToSend'))
    },
    [transmit, update, t],
  )

  const ordered = useMemo(() => orderedMessages(messages), [messages])

  return {
    history,
    /** the history waits for the network: the messages shown, if any, are the ones seen on an earlier visit */
    waitsForNetwork,
    messages: ordered,
    connection,
    joined,
    roomError,
    sendText: (text: string) => queue(text.trim(), 'normal'),
    shareNumber: () => queue('', 'share_number'),
    sendDocument: (file: File) => queue(file.name, 'document', file),
    retry,
    canRetryUpload: (message: RoomMessage) => files.current.has(message.client_message_identifier),
  }
}
