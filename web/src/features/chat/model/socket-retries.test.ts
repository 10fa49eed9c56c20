import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from './room-messages'
import { catchUpPoint, HELD_IDS_MAX, orderedMessages, withQueued, withServerMessages } from './room-messages'
import { errorAction, SocketRetries } from './socket-retries'

const me = { user_id: 1, name: 'Asha Rao', image: null, is_kyc_verified: false }
const other = { user_id: 2, name: 'Ravi Kumar', image: null, is_kyc_verified: false }

const stored = (id: number, time = '2026-05-14T09:05:00+05:30'): ChatMessage => ({
  id,
  chat_id: 9,
  message: `Message number ${id}`,
  type: 'normal',
  sender: other,
  time,
  status: 'successful',
  client_message_identifier: `m${id}`,
  documents: [],
})

describe('socket error frames', () => {
  it('keeps a message waiting and sends it again on a 503', () => {
    const frame = { code: 503, event: 'send-message', chat_id: 9, client_message_identifier: 'c1', message: 'Oops' }
    expect(errorAction(frame, 9, 'fallback')).toEqual({ kind: 'send-again', identifier: 'c1' })
  })

  it('joins again after a 503 on join', () => {
    expect(errorAction({ code: 503, event: 'join', chat_id: 9 }, 9, 'fallback')).toEqual({ kind: 'join-again' })
  })

  it('still fails a refused message and shows a refused join', () => {
    expect(errorAction({ code: 400, event: 'send-message', chat_id: 9, client_message_identifier: 'c1', message: 'Too long' }, 9, 'x')).toEqual({
      kind: 'failed',
      identifier: 'c1',
      message: 'Too long',
    })
    expect(errorAction({ code: 403, event: 'join', chat_id: 9, message: 'Members only' }, 9, 'x')).toEqual({ kind: 'room-error', message: 'Members only' })
    expect(errorAction({ code: 401, event: 'join', chat_id: 9 }, 9, 'x')).toEqual({ kind: 'reauthenticate', rejoin: true })
    expect(errorAction({ code: 503, event: 'join', chat_id: 10 }, 9, 'x')).toEqual({ kind: 'none' })
  })
})

describe('retries after "try again"', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends the same frame again after a delay that doubles with each 503, until it goes through', () => {
    const retries = new SocketRetries({ minDelayMs: 1000, maxDelayMs: 8000, random: () => 1 })
    const sent: string[] = []
    const again = () => sent.push('send-message c1')
    expect(retries.later('send:c1', again)).toBe(1000)
    vi.advanceTimersByTime(999)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual(['send-message c1'])
    // The server answers 503 again: a longer wait, then again; capped at the maximum.
    expect(retries.later('send:c1', again)).toBe(2000)
    vi.advanceTimersByTime(2000)
    expect(retries.later('send:c1', again)).toBe(4000)
    vi.advanceTimersByTime(4000)
    expect(retries.later('send:c1', again)).toBe(8000)
    expect(retries.later('send:c1', again)).toBe(8000)
    vi.advanceTimersByTime(8000)
    expect(sent).toHaveLength(4) // a retry replaced by a newer one for the same message does not go twice
    // Stored at last: nothing more is sent, and later trouble starts from the shortest delay again.
    retries.settled('send:c1')
    expect(retries.waiting('send:c1')).toBe(false)
    vi.advanceTimersByTime(60_000)
    expect(sent).toHaveLength(4)
    expect(retries.later('send:c1', again)).toBe(1000)
  })

  it('keeps the message in the waiting state meanwhile, with its identifier', () => {
    const state = withQueued({}, { sender: me, clientMessageIdentifier: 'c1', text: 'On my way', outgoing: 'normal' })
    const action = errorAction({ code: 503, event: 'send-message', chat_id: 9, client_message_identifier: 'c1' }, 9, 'x')
    expect(action.kind).toBe('send-again')
    const [message] = orderedMessages(state)
    expect(message.status).toBe('waiting')
    expect(message.client_message_identifier).toBe('c1')
  })

  it('joins again after a 503 on join and stops once joined', () => {
    const retries = new SocketRetries({ minDelayMs: 500, maxDelayMs: 4000, random: () => 1 })
    const joins = vi.fn()
    retries.later('join', joins)
    vi.advanceTimersByTime(500)
    expect(joins).toHaveBeenCalledTimes(1)
    retries.later('join', joins)
    retries.settled('join')
    vi.advanceTimersByTime(10_000)
    expect(joins).toHaveBeenCalledTimes(1)
  })

  it('clears every waiting retry when the room closes', () => {
    const retries = new SocketRetries({ random: () => 1 })
    const action = vi.fn()
    retries.later('join', action)
    retries.later('send:c2', action)
    retries.clear()
    vi.advanceTimersByTime(60_000)
    expect(action).not.toHaveBeenCalled()
  })
})

describe('catch-up point of a join', () => {
  it('names the newest id and the ids held from the minutes before it, not older ones', () => {
    const state = withServerMessages({}, [
      stored(3, '2026-05-14T08:00:00Z'),
      stored(10, '2026-05-14T09:00:00Z'),
      stored(12, '2026-05-14T09:01:00Z'),
      stored(15, '2026-05-14T09:02:00Z'),
    ])
    // 13 and 14 are missing: the server sends what comes after 10 and is not named.
    expect(catchUpPoint(state)).toEqual({ last_message_id: 15, seen_message_ids: [10, 12, 15] })
  })

  it('joins from the start with nothing held, and names at most a bounded number of ids', () => {
    expect(catchUpPoint({})).toEqual({ last_message_id: 0, seen_message_ids: [] })
    const many = withServerMessages({}, Array.from({ length: HELD_IDS_MAX + 50 }, (_, n) => stored(n + 1)))
    const point = catchUpPoint(many)
    expect(point.seen_message_ids).toHaveLength(HELD_IDS_MAX)
    expect(point.seen_message_ids[HELD_IDS_MAX - 1]).toBe(HELD_IDS_MAX + 50)
  })
})
