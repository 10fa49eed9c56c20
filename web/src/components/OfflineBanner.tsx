import { useEffect, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import styles from './OfflineBanner.module.css'
import { useT } from '@/i18n'

/** Matches the banner's min-height in OfflineBanner.module.css. */
const BANNER_HEIGHT = 40

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** The browser's own word, followed live: it changes the moment the connection goes or comes back. */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )

/**
 * A banner over every screen (and over an open sheet) while the device is offline; the page's sticky headers move
 * down under it (--offline-inset). The live region is always there, so the change is announced as it happens.
 */
export function OfflineBanner() {
  const t = useT()
  const online = useOnline()
  useEffect(() => {
    if (online) return
    const root = document.documentElement
    root.style.setProperty('--offline-inset', `${BANNER_HEIGHT}px`)
    return () => {
      root.style.removeProperty('--offline-inset')
    }
  }, [online])
  return createPortal(
    <div role="status" className={online ? styles.idle : styles.banner} data-testid="offline-banner">
      {online ? '' : t('app.offlineBanner')}
    </div>,
    document.body,
  )
}
