/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import type { paths } from './generated/api'
import { notificationPath } from './lib/notification-route'

declare const self: ServiceWorkerGlobalScope

// The same-origin endpoints the app calls to manage this device's push subscription (SPEC §7). They are answered
// here, before the app shell's routes; a page visit to /login is a navigation and still opens the app.
const CSRF_HEADER = 'X-CSRF-Token'
const APP_ICON = '/icons/icon-192.png'

type Answer = { status: 'SUCCESS' | 'FAILURE'; message: string; data?: unknown }

const json = (answer: Answer, status = 200) =>
  new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })

const failure = (message: string, status = 500) => json({ status: 'FAILURE', message }, status)

/** Calls the API on behalf of the page, passing on the page's CSRF token. */
// The one API address the worker calls on its own, typed from the OpenAPI document (src/generated/api.ts): a changed
// body or method fails the type check, as the page's calls through lib/api-client.ts do.
const SUBSCRIPTION = '/api/notification/subscription' satisfies keyof paths
type SubscriptionMethod = 'post' | 'put' | 'delete'
type SubscriptionBody<M extends SubscriptionMethod> = paths[typeof SUBSCRIPTION][M] extends {
  requestBody: { content: { 'application/json': infer Body } }
}
  ? Body
  : never

function callSubscription<M extends SubscriptionMethod>(
  method: M,
  csrf: string | null,
  body: SubscriptionBody<M>,
): Promise<Response> {
  return callApi(SUBSCRIPTION, method.toUpperCase(), csrf, body)
}

async function callApi(path: keyof paths, method: string, csrf: string | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (csrf) headers[CSRF_HEADER] = csrf
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

type SubscriptionKeys = SubscriptionBody<'post'>

/** The subscription as the API keeps it: its endpoint and its two keys. */
function subscriptionKeys(subscription: PushSubscription): Pick<SubscriptionKeys, 'endpoint' | 'keys'> {
  const keys = subscription.toJSON().keys ?? {}
  return { endpoint: subscription.endpoint, keys: { auth: keys.auth ?? '', p256dh: keys.p256dh ?? '' } }
}

/** The page's word for its platform, as the API takes it. */
function platform(os: string | undefined): SubscriptionKeys['os'] {
  return os === 'ios' || os === 'android' ? os : null
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4)
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index)
  return bytes
}

function sameKey(subscription: PushSubscription, vapid: string): boolean {
  const current = subscription.options.applicationServerKey
  if (!current) return false
  const wanted = keyBytes(vapid)
  const existing = new Uint8Array(current)
  return existing.length === wanted.length && existing.every((byte, index) => byte === wanted[index])
}

async function subscribe(request: Request): Promise<Response> {
  const { vapid, os, device_id } = (await request.json().catch(() => ({}))) as Record<string, string | undefined>
  if (!vapid) return failure('vapid is required', 400)
  let subscription = await self.registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription, vapid)) {
    await subscription.unsubscribe()
    subscription = null
  }
  if (!subscription) {
    try {
      subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapid),
      })
    } catch (error) {
      // The browser, not our server, said no: permission refused (NotAllowedError, or Chromium's AbortError
      // 'Registration failed - permission denied'), or its push service could not be reached (AbortError, 'push
      // service not available'). Each has its own answer, so the page can say which.
      const message = error instanceof Error ? error.message : String(error)
      const refused = (error instanceof DOMException && error.name === 'NotAllowedError') || /permission/i.test(message)
      return json(
        { status: 'FAILURE', message, data: { reason: refused ? 'permission' : 'push_service' } },
        refused ? 403 : 503,
      )
    }
  }
  const body = { ...subscriptionKeys(subscription), os: platform(os), device_id }
  return callSubscription('post', request.headers.get(CSRF_HEADER), body)
}

async function refresh(request: Request): Promise<Response> {
  const { os, device_id } = (await request.json().catch(() => ({}))) as Record<string, string | undefined>
  const subscription = await self.registration.pushManager.getSubscription()
  if (!subscription) return failure('This device is not subscribed', 404)
  const body = { subscription: subscriptionKeys(subscription), os: platform(os), device_id }
  return callSubscription('put', request.headers.get(CSRF_HEADER), body)
}

/** Logout and account deletion: the server forgets this device, then the browser drops the subscription. */
async function unsubscribe(request: Request): Promise<Response> {
  const subscription = await self.registration.pushManager.getSubscription()
  if (subscription) {
    await callSubscription('delete', request.headers.get(CSRF_HEADER), {
      endpoint: subscription.endpoint,
    }).catch(() => undefined)
    await subscription.unsubscribe().catch(() => false)
  }
  return json({ status: 'SUCCESS', message: 'Unsubscribed from notifications' })
}

async function loginState(): Promise<Response> {
  const answer = await fetch('/api/auth/session' satisfies keyof paths, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  const envelope = (await answer.json().catch(() => null)) as { data?: { is_logged_in?: boolean } } | null
  const isLoggedIn = Boolean(envelope?.data?.is_logged_in)
  return json({ status: 'SUCCESS', message: 'OK', data: { is_logged_in: isLoggedIn } })
}

const ENDPOINTS: Record<string, (request: Request) => Promise<Response>> = {
  'GET /login': loginState,
  'GET /logout': unsubscribe,
  'GET /delete': unsubscribe,
  'POST /subscribe': subscribe,
  'POST /refresh': refresh,
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || request.mode === 'navigate') return
  const endpoint = ENDPOINTS[`${request.method} ${url.pathname}`]
  if (!endpoint) return
  event.respondWith(
    endpoint(request).catch((error: unknown) => failure(error instanceof Error ? error.message : String(error))),
  )
})

// The app shell: every built file, replaced as a whole when a new version is installed.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any page address opens the cached app shell, so the app starts offline; the API and static pages are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/legal\//],
  }),
)

// The first version installed takes charge of the open app at once, so its push endpoints answer without a reload.
// A later version waits for the update sheet as before, and the app reloads when it takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

// The person's language as the page last said it (<html lang>, src/lib/service-worker.ts): the notifications shown
// here are marked with it. Push payloads are written by the API in the recipient's language already; the worker's own
// word is only the brand, "Humsafar", the same in every language. Kept in Cache Storage: a push wakes a fresh worker.
const SETTINGS_CACHE = 'humsafar-settings'
const LANGUAGE_ENTRY = '/language'
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/

async function rememberLanguage(lang: string): Promise<void> {
  await (await caches.open(SETTINGS_CACHE)).put(LANGUAGE_ENTRY, new Response(lang))
}

async function knownLanguage(): Promise<string | undefined> {
  const kept = await (await caches.open(SETTINGS_CACHE)).match(LANGUAGE_ENTRY)
  const lang = kept ? await kept.text() : ''
  return LANGUAGE_TAG.test(lang) ? lang : undefined
}

// The update sheet asks a waiting version to take over; the page says its language.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
  const lang: unknown = event.data?.type === 'LANGUAGE' ? event.data.lang : null
  if (typeof lang === 'string' && LANGUAGE_TAG.test(lang)) event.waitUntil(rememberLanguage(lang).catch(() => undefined))
})

type PushedNotification = {
  id?: number
  title?: string
  message?: string
  timestamp?: string
  entity_type?: string
  entity_id?: string
  sender?: { image?: string | null }
}

function readPush(data: PushMessageData | null): PushedNotification {
  if (!data) return {}
  try {
    return data.json() as PushedNotification
  } catch {
    return { message: data.text() }
  }
}

async function showPush(notice: PushedNotification): Promise<void> {
  const path = notificationPath({ entity_type: notice.entity_type ?? '', entity_id: notice.entity_id ?? '' })
  const timestamp = notice.timestamp ? Date.parse(notice.timestamp) : Date.now()
  await self.registration.showNotification(notice.title || 'Humsafar', {
    body: notice.message ?? '',
    lang: await knownLanguage().catch(() => undefined),
    icon: notice.sender?.image || APP_ICON,
    badge: APP_ICON,
    tag: notice.id ? `notification-${notice.id}` : undefined,
    data: { path, timestamp },
  } as NotificationOptions)
  // An open app lights its bell at once.
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'NOTIFICATION_RECEIVED', notification: notice })
  }
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readPush(event.data)))
})

/** An open app moves to the screen itself (no reload); otherwise a new window opens on it. */
async function openPath(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const client = windows.find((each) => new URL(each.url).origin === self.location.origin)
  if (!client) {
    await self.clients.openWindow(path)
    return
  }
  client.postMessage({ type: 'OPEN_PATH', path })
  await client.focus().catch(() => undefined)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { path?: string } | null)?.path ?? '/notifications'
  const opening = openPath(path)
  // Only the browser's own click can keep the worker alive until the screen opens.
  if (event.isTrusted) event.waitUntil(opening)
})

// The browser renewed the subscription on its own: the server is told which one replaces which.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null
    newSubscription?: PushSubscription | null
    waitUntil(promise: Promise<unknown>): void
  }
  change.waitUntil(
    (async () => {
      const options = change.oldSubscription?.options
      const renewed =
        change.newSubscription ??
        (options ? await self.registration.pushManager.subscribe(options) : await self.registration.pushManager.getSubscription())
      if (!renewed) return
      const cookieStore = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
        .cookieStore
      // The page's CSRF cookie: `__Host-` prefixed outside localhost (api/security/cookies.py).
      const named = async (name: string) => (await cookieStore?.get(name).catch(() => null))?.value ?? null
      const csrf = (await named('__Host-csrf_token')) ?? (await named('csrf_token'))
      await callSubscription('put', csrf, {
        subscription: subscriptionKeys(renewed),
        old_endpoint: change.oldSubscription?.endpoint,
      })
    })().catch(() => undefined),
  )
})
