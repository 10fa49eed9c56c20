import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChatSocket } from './chat-socket'
import { followLiveChanges, keysToRefresh } from './live'

class FakeSocket {
  static made: FakeSocket[] = []
  readyState = 0
  onmessage: ((message: { data: string }) => void) | null = null
  onclose: ((closed: { code: number }) => void) | null = null
  sent: unknown[] = []
  constructor() {
    FakeSocket.made.push(this)
  }
  send(text: string) {
    this.sent.push(JSON.parse(text))
  }
  close() {
    this.readyState = 3
  }
  frame(event: string, data: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) })
  }
  greet() {
    this.readyState = 1
    this.frame('connected', { code: 200, session_id: 's1' })
  }
  drop() {
    this.readyState = 3
    this.onclose?.({ code: 1006 })
  }
}

const socket = () =>
  new ChatSocket({
    url: 'ws://test/api/chat/ws',
    createSocket: () => new FakeSocket() as unknown as WebSocket,
    minDelayMs: 100,
    maxDelayMs: 100,
  })

/** A client with one query under each key the live changes name, each fetched once and so fresh. */
function clientWithQueries(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  for (const key of [['trips', 'detail', '7', null], ['chat', 'list', 'upcoming'], ['reviews', 'pending'], ['user'], ['notifications', 'latest'], ['configuration']]) {
    client.setQueryData(key, { fetched: true })
  }
  return client
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => query.queryKey[0])
    .sort()

describe('live changes', () => {
  /** Every query's data as just fetched again. */
  function freshen(client: QueryClient) {
    for (const query of client.getQueryCache().getAll()) client.setQueryData(query.queryKey, query.state.data)
  }

  beforeEach(() => {
    FakeSocket.made = []
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('name the queries each kind of change makes stale', () => {
    expect(keysToRefresh({ kind: 'join', id: '7' })).toEqual([['trips'], ['chat', 'list']])
    expect(keysToRefresh({ kind: 'cab', id: '7' })).toEqual([['trips']])
    expect(keysToRefresh({ kind: 'sos', id: '7' })).toEqual([['trips', 'sos']])
    expect(keysToRefresh({ kind: 'kyc', id: '3' })).toEqual([['user']])
    expect(keysToRefresh({ kind: 'notification', id: '' })).toEqual([['notifications']])
    expect(keysToRefresh({ kind: 'all' })).toBeNull()
    expect(keysToRefresh({ kind: 'something new' })).toEqual([])
  })

  it('make only the matching queries stale as they arrive', () => {
    const client = clientWithQueries()
    const { stop } = followLiveChanges(client, socket())
    const [fake] = FakeSocket.made
    fake.greet()
    freshen(client)
    expect(stale(client)).toEqual([])
    fake.frame('changed', { kind: 'trip', id: '7' })
    expect(stale(client)).toEqual(['chat', 'reviews', 'trips'])
    fake.frame('changed', { kind: 'notification', id: '' })
    expect(stale(client)).toEqual(['chat', 'notifications', 'reviews', 'trips'])
    stop()
    expect(fake.readyState).toBe(3)
  })

  it('fetch everything again on each connection: what changed before it opened was not heard', () => {
    const client = clientWithQueries()
    const { stop } = followLiveChanges(client, socket())
    expect(stale(client)).toEqual([])
    FakeSocket.made[0].greet()
    expect(stale(client)).toEqual(['chat', 'configuration', 'notifications', 'reviews', 'trips', 'user'])
    const refreshed = clientWithQueries()
    const again = followLiveChanges(refreshed, socket())
    FakeSocket.made[1].greet()
    FakeSocket.made[1].drop()
    freshen(refreshed)
    expect(stale(refreshed)).toEqual([])
    vi.advanceTimersByTime(200)
    FakeSocket.made[2].greet()
    expect(stale(refreshed)).toEqual(['chat', 'configuration', 'notifications', 'reviews', 'trips', 'user'])
    again.stop()
    stop()
  })

  it('make everything stale when the server says events may have been missed', () => {
    const client = clientWithQueries()
    const { stop } = followLiveChanges(client, socket())
    FakeSocket.made[0].greet()
    FakeSocket.made[0].frame('changed', { kind: 'all' })
    expect(stale(client)).toHaveLength(6)
    stop()
  })

  it('follow the trip sheet on screen, again after a reconnect, and stop when it closes', () => {
    const client = clientWithQueries()
    const live = followLiveChanges(client, socket())
    live.followTrip('7')
    const [first] = FakeSocket.made
    first.greet()
    expect(first.sent).toEqual([{ event: 'follow-trip', data: { trip_id: 7 } }])
    live.followTrip('7')
    expect(first.sent).toHaveLength(1)
    first.drop()
    vi.advanceTimersByTime(100)
    const second = FakeSocket.made[1]
    second.greet()
    expect(second.sent).toEqual([{ event: 'follow-trip', data: { trip_id: 7 } }])
    live.followTrip(null)
    live.followTrip('not a trip')
    expect(second.sent).toEqual([
      { event: 'follow-trip', data: { trip_id: 7 } },
      { event: 'follow-trip', data: { trip_id: null } },
    ])
    live.stop()
  })
})
