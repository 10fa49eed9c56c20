import { describe, expect, it } from 'vitest'
import type { ChatMessage } from './room-messages'
import { lastSeenId, messageKey, orderedMessages, unsent, withChange, withQueued, withServerMessages } from './room-messages'

const me = { user_id: 1, name: 'Asha Rao', image: null, is_kyc_verified: false }
const other = { user_id: 2, name: 'Ravi Kumar', image: null, is_kyc_verified: false }

const stored = (id: number, sender = other, identifier = `m${id}`): ChatMessage => ({
  id,
  chat_id: 9,
  message: `Message number ${id}`,
  type: 'normal',
  sender,
  time: '2026-05-14T09:05:00+05:30',
  status: 'successful',
  client_message_identifier: identifier,
  documents: [],
})

describe('room messages', () => {
  it('keeps one copy of a message seen in history and live', () => {
    const state = withServerMessages(withServerMessages({}, [stored(1), stored(2)]), [stored(2), stored(3)])
    expect(orderedMessages(state).map((message) => message.id)).toEqual([1, 2, 3])
    expect(lastSeenId(state)).toBe(3)
  })

  it('takes a message through waiting to successful by its identifier', () => {
    let state = withQueued({}, { sender: me, clientMessageIdentifier: 'c1', text: 'On my way now', outgoing: 'normal' })
    expect(orderedMessages(state)[0].status).toBe('waiting')
    expect(unsent(state, me.user_id)).toHaveLength(1)
    state = withServerMessages(state, [stored(7, me, 'c1')])
    const [message] = orderedMessages(state)
    expect(message.status).toBe('successful')
    expect(message.id).toBe(7)
    expect(unsent(state, me.user_id)).toEqual([])
  })

  it('lists messages not yet numbered after the numbered ones, in typing order', () => {
    let state = withServerMessages({}, [stored(5)])
    state = withQueued(state, { sender: me, clientMessageIdentifier: 'b', text: 'second', outgoing: 'normal', now: new Date(2) })
    state = withQueued(state, { sender: me, clientMessageIdentifier: 'a', text: 'first', outgoing: 'normal', now: new Date(1) })
    expect(orderedMessages(state).map((message) => message.message)).toEqual(['Message number 5', 'first', 'second'])
  })

  it('marks a refused message failed, and a retry waits again', () => {
    let state = withQueued({}, { sender: me, clientMessageIdentifier: 'c1', text: 'hello', outgoing: 'normal' })
    const key = messageKey(me.user_id, 'c1')
    state = withChange(state, key, { status: 'failed', error: 'Refused' })
    expect(unsent(state, me.user_id)).toEqual([])
    state = withChange(state, key, { status: 'waiting', error: null })
    expect(unsent(state, me.user_id).map((message) => message.client_message_identifier)).toEqual(['c1'])
  })

  it('follows an attachment from its placeholder to the checked document', () => {
    let state = withQueued({}, { sender: me, clientMessageIdentifier: 'd1', text: 'gate.png', outgoing: 'document' })
    const key = messageKey(me.user_id, 'd1')
    expect(state[key]).toMatchObject({ type: 'media', upload: 'pending' })
    state = withServerMessages(state, [{ ...stored(8, me, 'd1'), type: 'media', message: 'gate.png' }])
    expect(state[key]).toMatchObject({ status: 'successful', upload: 'pending' })
    state = withChange(state, key, { upload: 'checking' })
    const document = {
      id: 3,
      document_url: '/api/chat/message/document?document_id=3',
      thumbnail_url: null,
      type: 'image' as const,
      status: 'delivered' as const,
      failure_message: null,
      file_name: 'gate.png',
      size_bytes: 10,
    }
    state = withServerMessages(state, [{ ...stored(8, me, 'd1'), type: 'media', documents: [document] }])
    expect(state[key]).toMatchObject({ upload: null, documents: [document] })
  })
})
