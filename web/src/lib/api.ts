import { APP_MESSAGES as MESSAGES } from '@/i18n/catalogs/en/messages'

/** The envelope every /api answer uses (ARCHITECTURE.md, "Envelope"). */
export type Envelope<T> =
  | { status: 'SUCCESS'; message: string; data: T }
  | { status: 'FAILURE'; message: string; message_id?: string | null; data?: unknown }

export type ApiResult<T> = { message: string; data: T }

export class ApiError extends Error {
  readonly status: number
  /** The refusal's id, the same in every language (the constant's name in domain/rules), when the API gave one. */
  readonly messageId: string | null

  constructor(message: string, status: number, messageId: string | null = null) {
    super(message || MESSAGES.FALLBACK_ERROR)
    this.name = 'ApiError'
    this.status = status
    this.messageId = messageId
  }
}

/** Whether the error is the API's refusal of this id, in whichever language it was worded. */
export const isRefusal = (error: unknown, messageId: string): boolean =>
  error instanceof ApiError && error.messageId === messageId

export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401

/** The text to show a person for any error: the server's words when it gave some, else the fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return MESSAGES.FALLBACK_ERROR
}

/** The readable CSRF cookie's names: `__Host-` prefixed outside localhost, plain on it (api/security/cookies.py). */
export const CSRF_COOKIES = ['__Host-csrf_token', 'csrf_token'] as const
const CSRF_HEADER = 'X-CSRF-Token'
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

/** The CSRF token the server handed this browser (bound to its session), or null when it has none yet. */
export function csrfCookie(): string | null {
  for (const name of CSRF_COOKIES) {
    const value = readCookie(name)
    if (value) return value
  }
  return null
}

/** Every answer sets the CSRF cookie when the browser's is missing or stale, so the session call obtains one. */
async function csrfToken(forceRefresh = false): Promise<string | null> {
  const existing = forceRefresh ? null : csrfCookie()
  if (existing) return existing
  await fetch('/api/auth/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } }).catch(
    () => undefined,
  )
  return csrfCookie()
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

type RequestOptions = {
  method?: Method
  /** JSON, or a FormData sent as multipart as it is */
  body?: unknown
  signal?: AbortSignal
}

let answerLanguage: string | null = null

/** The language the API words its answers in (its Accept-Language): the one the app speaks, not the browser's. */
export function setAnswerLanguage(language: string | null): void {
  answerLanguage = language
}

type EarlyAnswers = Record<string, Promise<Response> | undefined>

/**
 * The answers index.html starts fetching for the first screen while the app's code is still on its way; each is
 * taken by the first GET of its path, and any later GET asks the server again.
 */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = (window as { __earlyAnswers?: EarlyAnswers }).__earlyAnswers
  const answer = early?.[path]
  if (early && answer) delete early[path]
  return answer
}

async function send(path: string, { method = 'GET', body, signal }: RequestOptions, freshCsrf: boolean) {
  if (method === 'GET' && body === undefined) {
    const early = takeEarlyAnswer(path)
    if (early) return early
  }
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (answerLanguage) headers['Accept-Language'] = answerLanguage
  const isForm = body instanceof FormData
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  if (UNSAFE_METHODS.has(method)) {
    const token = await csrfToken(freshCsrf)
    if (token) headers[CSRF_HEADER] = token
  }
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  })
}

/** The browser's own word: false means surely offline (true may still be a dead network). */
const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return (await response.json()) as Envelope<T>
  } catch {
    return null
  }
}

/**
 * One call to the API at this address, as it is (the app calls through lib/api-client.ts, typed from the OpenAPI
 * document). Resolves with the server's message and data; rejects with an ApiError carrying the server's
 * message (or the fallback text) when the answer is not 2xx or says FAILURE.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  // Offline, an action is refused whole before anything leaves, so nothing is half-sent or sent later unseen.
  if (isOffline() && UNSAFE_METHODS.has(options.method ?? 'GET')) throw new ApiError(MESSAGES.OFFLINE_ACTION_REFUSED, 0)
  let response: Response
  try {
    response = await send(path, options, false)
    // An expired CSRF cookie is renewed once, transparently.
    if (response.status === 403 && UNSAFE_METHODS.has(options.method ?? 'GET')) {
      const envelope = await readEnvelope<T>(response.clone())
      if (envelope?.status === 'FAILURE' && envelope.message_id === 'CSRF_REFUSED') {
        response = await send(path, options, true)
      }
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(isOffline() ? MESSAGES.OFFLINE_ACTION_REFUSED : MESSAGES.FALLBACK_ERROR, 0)
  }

  const envelope = await readEnvelope<T>(response)
  if (!response.ok || !envelope || envelope.status !== 'SUCCESS') {
    const messageId = envelope?.status === 'FAILURE' ? (envelope.message_id ?? null) : null
    throw new ApiError(envelope?.message ?? '', response.status, messageId)
  }
  return { message: envelope.message, data: envelope.data }
}
