import { call } from './api-client'

/** A frame of the chat socket /api/chat/ws (api/chat/routes.py): {"event", "data"}. */
export type ChatFrame = { event: string; data: Record<string, unknown> }

export type ChatSocketState = 'connecting' | 'open' | 'closed'

type FrameListener = (frame: ChatFrame) => void
type StateListener = (state: ChatSocketState) => void

type ChatSocketOptions = {
  url?: string
  /** A fresh access token (POST /api/auth/access_token), for when the server answers 401. */
  fetchAccessToken?: () => Promise<string>
  createSocket?: (url: string) => WebSocket
  /** Reconnect delays grow from the first to the last, doubling. */
  minDelayMs?: number
  maxDelayMs?: number
}

const UNAUTHORIZED_CLOSE_CODE = 4401

export function chatSocketUrl(location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${location.host}/api/chat/ws`
}

export async function fetchAccessToken(): Promise<string> {
  const answer = await call('POST', '/api/auth/access_token')
  return answer.data.access_token
}

/** The delay before reconnect attempt n (0-based): doubling from min up to max, with up to 20% jitter. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random: () => number = Math.random) {
  const base = Math.min(maxMs, minMs * 2 ** attempt)
  return Math.round(base * (0.8 + 0.2 * random()))
}

/**
 * One chat socket for the app: signs in with the session cookie, reconnects with backoff when it drops (and at
 * once when the device comes back online), and after a 401 fetches an access token and authenticates again. The
 * token is only ever sent in an "authenticate" frame (the server refuses one in the socket's address).
 * Frames are given to listeners as they come; a send while the socket is down answers false.
 */
export class ChatSocket {
  private socket: WebSocket | null = null
  private state: ChatSocketState = 'closed'
  private running = false
  private attempt = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private accessToken: string | null = null
  private authenticating: Promise<boolean> | null = null
  private readonly frameListeners = new Set<FrameListener>()
  private readonly stateListeners = new Set<StateListener>()
  private readonly options: Required<ChatSocketOptions>

  constructor(options: ChatSocketOptions = {}) {
    this.options = {
      url: options.url ?? chatSocketUrl(),
      fetchAccessToken: options.fetchAccessToken ?? fetchAccessToken,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      minDelayMs: options.minDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 15_000,
    }
  }

  get status(): ChatSocketState {
    return this.state
  }

  start(): void {
    if (this.running) return
    this.running = true
    window.addEventListener('online', this.reconnectNow)
    document.addEventListener('visibilitychange', this.onVisibility)
    this.open()
  }

  stop(): void {
    this.running = false
    window.removeEventListener('online', this.reconnectNow)
    document.removeEventListener('visibilitychange', this.onVisibility)
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const socket = this.socket
    this.socket = null
    socket?.close(1000)
    this.setState('closed')
  }

  /** Sends a frame; false when the socket is not open (the caller keeps the message for later). */
  send(event: string, data: Record<string, unknown>): boolean {
    if (this.state !== 'open' || !this.socket || this.socket.readyState !== WebSocket.OPEN) return false
    this.socket.send(JSON.stringify({ event, data }))
    return true
  }

  onFrame(listener: FrameListener): () => void {
    this.frameListeners.add(listener)
    return () => this.frameListeners.delete(listener)
  }

  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  /** After a 401 answer: a fresh access token, sent as "authenticate"; true once the server accepted it. */
  reauthenticate(): Promise<boolean> {
    this.authenticating ??= (async () => {
      try {
        this.accessToken = await this.options.fetchAccessToken()
      } catch {
        return false
      }
      return this.send('authenticate', { access_token: this.accessToken })
    })().finally(() => {
      this.authenticating = null
    })
    return this.authenticating
  }

  private open(): void {
    if (!this.running) return
    this.setState('connecting')
    let socket: WebSocket
    try {
      socket = this.options.createSocket(this.options.url)
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onopen = () => {
      // The token goes in the first frame, never in the address: an address ends up in logs and histories.
      const token = this.accessToken
      if (this.socket === socket && token) socket.send(JSON.stringify({ event: 'authenticate', data: { access_token: token } }))
    }
    socket.onmessage = (message) => {
      if (this.socket !== socket) return
      const frame = parseFrame(message.data)
      if (!frame) return
      if (frame.event === 'connected') {
        this.attempt = 0
        this.setState('open')
      }
      for (const listener of this.frameListeners) listener(frame)
    }
    socket.onclose = (closed) => {
      if (this.socket !== socket) return
      this.socket = null
      this.setState('closed')
      if (closed.code === UNAUTHORIZED_CLOSE_CODE) {
        // The cookie or the token no longer signs in: try once more with a fresh token.
        this.accessToken = null
        void this.options
          .fetchAccessToken()
          .then((token) => {
            this.accessToken = token
          })
          .catch(() => undefined)
          .finally(() => this.scheduleReconnect())
        return
      }
      this.scheduleReconnect()
    }
  }

  private scheduleReconnect(): void {
    if (!this.running || this.timer) return
    const delay = backoffDelay(this.attempt, this.options.minDelayMs, this.options.maxDelayMs)
    this.attempt += 1
    this.timer = setTimeout(() => {
      this.timer = null
      this.open()
    }, delay)
  }

  private readonly reconnectNow = () => {
    if (!this.running || this.state !== 'closed') return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.attempt = 0
    this.open()
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.reconnectNow()
  }

  private setState(state: ChatSocketState): void {
    if (this.state === state) return
    this.state = state
    for (const listener of this.stateListeners) listener(state)
  }
}

function parseFrame(raw: unknown): ChatFrame | null {
  if (typeof raw !== 'string') return null
  try {
    const parsed = JSON.parse(raw) as { event?: unknown; data?: unknown }
    if (typeof parsed.event !== 'string') return null
    const data = parsed.data && typeof parsed.data === 'object' ? (parsed.data as Record<string, unknown>) : {}
    return { event: parsed.event, data }
  } catch {
    return null
  }
}
