import { isPublicPath, paths } from '@/config/paths'
import { storage } from '@/lib/storage'

/** Only same-app, non-public paths may be followed after login (no open redirects to other origins). */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  // Spaces, control characters and backslashes are read by browsers in ways that can lead off the app.
  if ([...target].some((char) => char <= ' ' || char === '\\' || char === '\u007f')) return null
  const pathname = target.split(/[?#]/)[0]
  return isPublicPath(pathname) ? null : target
}

export function rememberRedirectTarget(target: string): void {
  const safe = safeRedirectTarget(target)
  if (safe) storage.redirectTarget.set(safe)
}

/** The page a visitor wanted before being sent to /login (used once), else home. */
export function takeRedirectTarget(): string {
  const target = safeRedirectTarget(storage.redirectTarget.get())
  storage.redirectTarget.clear()
  return target ?? paths.home
}

/** The page a visitor wanted before being sent to /login, kept until they arrive inside the app; else home. */
export function peekRedirectTarget(): string {
  return safeRedirectTarget(storage.redirectTarget.get()) ?? paths.home
}

export function forgetRedirectTarget(): void {
  storage.redirectTarget.clear()
}

/** Router state of the profile-setup screen: the page a new person goes to once their profile is complete. */
export type AfterProfileState = { next: string }

export function afterProfileState(target: string): AfterProfileState | undefined {
  const safe = safeRedirectTarget(target)
  return safe ? { next: safe } : undefined
}

/** Where profile setup leads: the page carried in the router state when it is one of the app's own, else home. */
export function afterProfileTarget(state: unknown): string {
  const next = state && typeof state === 'object' && 'next' in state ? state.next : null
  const safe = safeRedirectTarget(typeof next === 'string' ? next : null)
  // The profile-setup screen itself would send a complete profile round in a loop.
  return safe && safe.split(/[?#]/)[0] !== paths.userDetails ? safe : paths.home
}
