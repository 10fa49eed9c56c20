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
