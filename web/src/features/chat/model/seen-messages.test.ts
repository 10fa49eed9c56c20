import { describe, expect, it } from 'vitest'
import type { ChatMessage } from './room-messages'
import { orderedMessages, withChange, withQueued, withServerMessages } from './room-messages'
import { fromSeen, seenMessages, withoutSeen } from './seen-messages'

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

describe('messages seen, kept for an offline visit', () => {
  it('keeps the stored messages, newest last, up to the limit, without the ones still on their way', () => {
    let state = withServerMessages({}, [3, 1, 2, 4].map((id) => stored(id)))
    state = withQueued(state, { sender: me, clientMessageIdentifier: 'q', text: 'not sent yet', outgoing: 'normal' })
    expect(seenMessages(state, 3).map((message) => message.id)).toEqual([2, 3, 4])
  })

  it('drops the upload steps of this visit, which a later visit cannot go on with', () => {
    let state = withServerMessages({}, [stored(5, me, 'doc')])
    state = withChange(state, '1/doc', { outgoing: 'document', upload: 'failed', error: 'Upload failed' })
    const [kept] = seenMessages(state)
    expect(kept).toMatchObject({ id: 5, outgoing: null, upload: null, error: null })
  })

  it('opens a room with them, and gives way to the history, keeping what was typed meanwhile', () => {
    let state = fromSeen(seenMessages(withServerMessages({}, [stored(1), stored(2)])))
    expect(orderedMessages(state).map((message) => message.message)).toEqual(['Message number 1', 'Message number 2'])
    state = withQueued(state, { sender: me, clientMessageIdentifier: 'q', text: 'typed offline', outgoing: 'normal' })
    state = withServerMessages(withoutSeen(state), [stored(40), stored(41)])
    expect(orderedMessages(state).map((message) => message.id)).toEqual([40, 41, null])
  })
})
