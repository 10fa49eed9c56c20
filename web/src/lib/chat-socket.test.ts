import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { backoffDelay, ChatSocket } from './chat-socket'

class FakeSocket {
  static made: FakeSocket[] = []
  readyState = 0
  sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((message: { data: string }) => void) | null = null
  onclose: ((closed: { code: number }) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.made.push(this)
  }
  send(text: string) {
    this.sent.push(text)
  }
  close() {
    this.readyState = 3
  }
  greet() {
    this.readyState = 1
    this.onmessage?.({ data: JSON.stringify({ event: 'connected', data: { code: 200, session_id: 's1' } }) })
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code })
  }
}

const makeSocket = (fetchAccessToken = vi.fn(async () => 'fresh-token')) =>
  new ChatSocket({
    url: 'ws://test/api/chat/ws',
    fetchAccessToken,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    minDelayMs: 100,
    maxDelayMs: 1000,
  })

describe('chat socket', () => {
  beforeEach(() => {
    FakeSocket.made = []
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('grows the reconnect delay up to its ceiling', () => {
    const noJitter = () => 1
    expect([0, 1, 2, 3, 10].map((attempt) => backoffDelay(attempt, 100, 1000, noJitter))).toEqual([100, 200, 400, 800, 1000])
  })

  it('is open once the server greets it, and refuses to send while down', () => {
    const socket = makeSocket()
    socket.start()
    expect(socket.send('join', { chat_id: 1 })).toBe(false)
    FakeSocket.made[0].greet()
    expect(socket.status).toBe('open')
    expect(socket.send('join', { chat_id: 1 })).toBe(true)
    expect(JSON.parse(FakeSocket.made[0].sent[0])).toEqual({ event: 'join', data: { chat_id: 1 } })
    socket.stop()
  })

  it('reconnects after a drop, and gives frames to listeners', () => {
    const socket = makeSocket()
    const events: string[] = []
    socket.onFrame((frame) => events.push(frame.event))
    socket.start()
    FakeSocket.made[0].greet()
    FakeSocket.made[0].drop()
    expect(socket.status).toBe('closed')
    vi.advanceTimersByTime(200)
    expect(FakeSocket.made).toHaveLength(2)
    FakeSocket.made[1].greet()
    expect(events).toEqual(['connected', 'connected'])
    socket.stop()
  })

  it('after a 401 sends a fresh access token as "authenticate"', async () => {
    const socket = makeSocket()
    socket.start()
    FakeSocket.made[0].greet()
    expect(await socket.reauthenticate()).toBe(true)
    expect(JSON.parse(FakeSocket.made[0].sent[0])).toEqual({ event: 'authenticate', data: { access_token: 'fresh-token' } })
    socket.stop()
  })

  it('signs in again with an access token in the first frame when the server closes for 4401', async () => {
    const socket = makeSocket()
    socket.start()
    FakeSocket.made[0].drop(4401)
    await vi.runAllTimersAsync()
    const again = FakeSocket.made[1]
    expect(again.url).toBe('ws://test/api/chat/ws')
    again.onopen?.()
    expect(again.sent.map((text) => JSON.parse(text))).toEqual([
      { event: 'authenticate', data: { access_token: 'fresh-token' } },
    ])
    socket.stop()
  })

  it('never puts the access token in the address, whatever the address holds (the live socket)', async () => {
    const socket = new ChatSocket({
      url: 'ws://test/api/chat/ws?live=1',
      fetchAccessToken: async () => 'fresh-token',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      minDelayMs: 100,
    })
    socket.start()
    FakeSocket.made[0].drop(4401)
    await vi.runAllTimersAsync()
    expect(FakeSocket.made.map((made) => made.url)).not.toContainEqual(expect.stringContaining('fresh-token'))
    expect(FakeSocket.made[1].url).toBe('ws://test/api/chat/ws?live=1')
    socket.stop()
  })
})
