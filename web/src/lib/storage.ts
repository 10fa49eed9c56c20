/**
 * Typed access to localStorage / sessionStorage. Every key the app keeps lives here, so logout can reason about them.
 * Private browsing can make storage throw; reads then fall back to null and writes are dropped.
 */
type Area = 'local' | 'session'

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

function read<T>(kind: Area, key: string): T | null {
  const raw = area(kind)?.getItem(key)
  if (raw == null) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

function write(kind: Area, key: string, value: unknown): void {
  try {
    area(kind)?.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or unavailable: the value simply is not remembered.
  }
}

function remove(kind: Area, key: string): void {
  area(kind)?.removeItem(key)
}

function entry<T>(kind: Area, key: string) {
  return {
    get: () => read<T>(kind, key),
    set: (value: T) => write(kind, key, value),
    clear: () => remove(kind, key),
  }
}

export type PendingLogin = {
  login_token: string
  mobile_number: string
  otp_length: number
  resend_after_seconds: number
  /** epoch ms when the code was sent; the resend countdown survives a reload */
  requested_at: number
}

export type StoredLocation = {
  /** null when the place was typed in and never located */
  lat: number | null
  long: number | null
  name: string
  /** epoch ms */
  updated_at: number
}

export const storage = {
  pendingLogin: entry<PendingLogin>('session', 'humsafar.login'),
  redirectTarget: entry<string>('session', 'humsafar.redirect'),
  dismissedUpdate: entry<string>('session', 'humsafar.update-dismissed'),
  currentLocation: entry<StoredLocation>('local', 'humsafar.location'),
  locationDenied: entry<boolean>('local', 'humsafar.location-denied'),
  kycPromptSkipped: entry<boolean>('local', 'humsafar.kyc-prompt-skipped'),
  /** The trip sheet's 'Add emergency contacts' prompt was dismissed: it is not shown again. */
  contactsNudgeDismissed: entry<boolean>('local', 'humsafar.contacts-nudge-dismissed'),
  tripsTab: entry<string>('local', 'humsafar.trips-tab'),
  /** The user said Don't Allow to the push permission dialog: it is not shown again. */
  pushDeclined: entry<boolean>('local', 'humsafar.push-declined'),
  /** The newest notification's time when the list was last opened (ISO), for the bell's unread dot. */
  notificationsSeenAt: entry<string>('local', 'humsafar.notifications-seen-at'),
  /** This browser's own id, sent with its push subscription so a renewed one replaces the old. */
  deviceId: entry<string>('local', 'humsafar.device-id'),
  /** The chat list as last seen, one entry per chat, so the list shows before the network answers. */
  chat: (chatId: number) => entry<unknown>('local', `humsafar.chat.${chatId}`),
  /** The ids of the chats of each chat-list tab, newest message first. */
  chatListOrder: (tab: string) => entry<number[]>('local', `humsafar.chat-list.${tab}`),
  /** Trips whose 'Leave a rating' prompt home has shown: each is offered once. */
  ratingPromptsShown: entry<number[]>('local', 'humsafar.rating-prompts-shown'),
  /** The language chosen on this device ("hi"); the device's, so it outlives a logout. */
  language: entry<string>('local', 'humsafar.language'),
}

/** Logout and account deletion forget everything the browser kept for this user, but the device's language. */
export function clearAllStorage(): void {
  const language = storage.language.get()
  area('local')?.clear()
  area('session')?.clear()
  if (language) storage.language.set(language)
}
