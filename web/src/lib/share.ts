import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/device'

/**
 * Sharing from the app: the phone's share sheet where the browser has one, else the clipboard. The caller tells the
 * person what happened (src/lib draws nothing).
 */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unsupported'

/** Offers `data` to the share sheet; where there is none, or it refuses, `copy` goes to the clipboard. */
export async function shareOrCopy(data: ShareData, copy: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    await navigator.clipboard.writeText(copy)
    return 'copied'
  } catch {
    return 'unsupported'
  }
}

/** Said when the clipboard refused the text (no permission, or none at all): nothing was copied, by hand it can be. */
export const copyNotAllowed = (t: Translate): string => t('device.copyNotAllowed')

/** Puts `text` on the clipboard; false when the browser refused it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

export type ShareNotice = { kind: 'success' | 'error'; message: string }

/** What to tell the person after shareOrCopy: `copied` when the text went to the clipboard, nothing after the share
 * sheet, and that copying was not allowed when the clipboard refused. */
export function shareNotice(outcome: ShareOutcome, copied: string, t: Translate): ShareNotice | null {
  if (outcome === 'copied') return { kind: 'success', message: copied }
  if (outcome === 'unsupported') return { kind: 'error', message: copyNotAllowed(t) }
  return null
}
