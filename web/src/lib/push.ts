/**
 * This device's web push, through the service worker's same-origin endpoints (SPEC §7): POST /subscribe with the
 * server's VAPID key, POST /refresh with os and device_id, GET /logout and GET /delete. The worker holds the push
 * subscription and tells the API about it.
 */
import { csrfCookie } from '@/lib/api'
import { storage } from '@/lib/storage'
import { APP_MESSAGES as MESSAGES } from '@/i18n/catalogs/en/messages'

/** Failures the domain rules' messages have no sentence for: the browser's push service, or our server saving this
 * device. Each is worded in the language by lib/push-failure.ts. */
export type PushProblem = 'pushServiceUnreachable' | 'pushServerFailed'

/**
 * Turning notifications on failed. `message` is a domain rules' sentence in English (said in the language through
 * `message()`) or the server's own answer (already in it); `problem` names a failure those do not word.
 */
export class PushSetupError extends Error {
  constructor(
    message: string,
    readonly problem: PushProblem | null = null,
  ) {
    super(message || problem || '')
  }
}

/** Why a subscribe call failed, each said differently: the browser's permission, its push service, or our server. */
export function subscribeFailure(status: number, answer: WorkerAnswer): PushSetupError {
  const reason = (answer.data as { reason?: string } | undefined)?.reason
  if (reason === 'permission') return new PushSetupError(MESSAGES.NOTIFICATION_PERMISSION_DENIED)
  if (reason === 'push_service') return new PushSetupError('', 'pushServiceUnreachable')
  if (status >= 400 && status < 500 && answer.message) return new PushSetupError(answer.message)
  if (status >= 500) return new PushSetupError('', 'pushServerFailed')
  return new PushSetupError(MESSAGES.NOTIFICATION_SUBSCRIBE_FAILED)
}

const CONTROLLER_PATIENCE_MS = 5_000

export const isPushSupported = (): boolean =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window

/** SPEC §7: ios when the browser is Safari, else android. */
export function platform(userAgent: string = navigator.userAgent): 'ios' | 'android' {
  return /safari/i.test(userAgent) && !/chrome|chromium|crios|android/i.test(userAgent) ? 'ios' : 'android'
}

function deviceId(): string {
  const known = storage.deviceId.get()
  if (known) return known
  const fresh = crypto.randomUUID()
  storage.deviceId.set(fresh)
  return fresh
}

/** The worker that answers the endpoints, once it controls this page. */
async function controller(): Promise<ServiceWorker> {
  if (!('serviceWorker' in navigator)) throw new PushSetupError(MESSAGES.SERVICE_WORKER_UNSUPPORTED)
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) throw new PushSetupError(MESSAGES.SERVICE_WORKER_UNSUPPORTED)
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new PushSetupError(MESSAGES.SERVICE_WORKER_UNSUPPORTED)), CONTROLLER_PATIENCE_MS)
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        window.clearTimeout(timer)
        if (navigator.serviceWorker.controller) resolve(navigator.serviceWorker.controller)
      },
      { once: true },
    )
  })
}

type WorkerAnswer = { status?: string; message?: string; data?: unknown }

async function callWorker(
  path: string,
  method: 'GET' | 'POST',
  body?: unknown,
  failure: (status: number, answer: WorkerAnswer) => PushSetupError = (_status, answer) => new PushSetupError(answer.message ?? ''),
): Promise<WorkerAnswer> {
  await controller()
  const headers: Record<string, string> = { Accept: 'application/json' }
  const csrf = csrfCookie()
  if (csrf) headers['X-CSRF-Token'] = csrf
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const answer = (await response.json().catch(() => ({}))) as WorkerAnswer
  if (!response.ok || answer.status !== 'SUCCESS') throw failure(response.status, answer)
  return answer
}

/** Asks the browser for permission; answers the spec's words for why it cannot be had, or null when granted. */
export async function notificationPermissionProblem(): Promise<string | null> {
  if (!('Notification' in window)) return MESSAGES.NOTIFICATION_UNSUPPORTED
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  return permission === 'granted' ? null : MESSAGES.NOTIFICATION_PERMISSION_DENIED
}

/** Subscribes this device with the server's key; a failure says whose it was (subscribeFailure). */
export async function subscribeThisDevice(vapidPublicKey: string | null | undefined): Promise<void> {
  if (!isPushSupported()) throw new PushSetupError(MESSAGES.NOTIFICATION_UNSUPPORTED)
  if (!vapidPublicKey) throw new PushSetupError(MESSAGES.NOTIFICATION_SUBSCRIBE_FAILED)
  try {
    await callWorker('/subscribe', 'POST', { vapid: vapidPublicKey, os: platform(), device_id: deviceId() }, subscribeFailure)
  } catch (error) {
    if (error instanceof PushSetupError && error.message) throw error
    throw new PushSetupError(MESSAGES.NOTIFICATION_SUBSCRIBE_FAILED)
  }
}

/** Tells the server again where this device is reached (it may have signed in as someone else meanwhile). */
export const refreshThisDevice = () => callWorker('/refresh', 'POST', { os: platform(), device_id: deviceId() })

/** Logout: the server forgets this device and the browser drops its subscription. */
export const forgetThisDevice = () => callWorker('/logout', 'GET')

/** Account deletion: the same, before the account goes. */
export const deleteThisDevice = () => callWorker('/delete', 'GET')

/** Whether the worker sees a live session (GET /login). */
export async function workerSeesSession(): Promise<boolean> {
  const answer = await callWorker('/login', 'GET')
  return Boolean((answer.data as { is_logged_in?: boolean } | undefined)?.is_logged_in)
}
