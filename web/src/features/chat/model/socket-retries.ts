import { backoffDelay } from '@/lib/chat-socket'

/** What the room does with an "error" frame of the chat socket (api/chat/routes.py, refusals). */
export type ErrorAction =
  /** 401: fetch a fresh token and authenticate; join again if it was the join that was refused */
  | { kind: 'reauthenticate'; rejoin: boolean }
  /** 503 on a send: the server could not store it just then; the message stays waiting and goes again */
  | { kind: 'send-again'; identifier: string }
  /** 503 on a join: join again */
  | { kind: 'join-again' }
  | { kind: 'failed'; identifier: string; message: string }
  | { kind: 'room-error'; message: string }
  | { kind: 'none' }

export const TRY_AGAIN_CODE = 503

export function errorAction(data: Record<string, unknown>, chatId: number, fallback: string): ErrorAction {
  const chat = typeof data.chat_id === 'number' ? data.chat_id : chatId
  if (chat !== chatId) return { kind: 'none' }
  const identifier = typeof data.client_message_identifier === 'string' ? data.client_message_identifier : null
  const message = typeof data.message === 'string' ? data.message : fallback
  if (data.code === 401) return { kind: 'reauthenticate', rejoin: data.event === 'join' }
  if (data.code === TRY_AGAIN_CODE) {
    if (identifier) return { kind: 'send-again', identifier }
    if (data.event === 'join') return { kind: 'join-again' }
  }
  if (identifier) return { kind: 'failed', identifier, message }
  if (data.event === 'join') return { kind: 'room-error', message }
  return { kind: 'none' }
}

type RetriesOptions = { minDelayMs?: number; maxDelayMs?: number; random?: () => number }

/**
 * Tries a frame again after the server answered "try again" (503): per key (a message's identifier, or the join),
 * after a delay doubling with each attempt, until settled (the message stored, the room joined).
 */
export class SocketRetries {
  private readonly pending = new Map<string, { attempt: number; timer: ReturnType<typeof setTimeout> | null }>()
  private readonly minDelayMs: number
  private readonly maxDelayMs: number
  private readonly random: () => number

  constructor(options: RetriesOptions = {}) {
    this.minDelayMs = options.minDelayMs ?? 1000
    this.maxDelayMs = options.maxDelayMs ?? 30_000
    this.random = options.random ?? Math.random
  }

  /** Runs action after the key's next delay (a retry already waiting for the key is replaced); the delay in ms. */
  later(key: string, action: () => void): number {
    const entry = this.pending.get(key) ?? { attempt: 0, timer: null }
    if (entry.timer) clearTimeout(entry.timer)
    const delay = backoffDelay(entry.attempt, this.minDelayMs, this.maxDelayMs, this.random)
    entry.attempt += 1
    entry.timer = setTimeout(() => {
      entry.timer = null
      action()
    }, delay)
    this.pending.set(key, entry)
    return delay
  }

  /** The key's frame went through: no retry waits for it and the next trouble starts from the shortest delay. */
  settled(key: string): void {
    const entry = this.pending.get(key)
    if (entry?.timer) clearTimeout(entry.timer)
    this.pending.delete(key)
  }

  waiting(key: string): boolean {
    return Boolean(this.pending.get(key)?.timer)
  }

  clear(): void {
    for (const entry of this.pending.values()) if (entry.timer) clearTimeout(entry.timer)
    this.pending.clear()
  }
}
