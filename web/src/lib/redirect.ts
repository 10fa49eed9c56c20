import { isPublicPath, paths } from '@/config/paths'
import { storage } from '@/lib/storage'

/** Only same-app, non-public paths may be followed after login (no open redirects to other origins). */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
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
