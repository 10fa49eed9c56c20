import { useSyncExternalStore } from 'react'
import { dismissToast, toastStore } from './toast-store'
import styles from './Toaster.module.css'

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot)
  return (
    <div className={styles.region}>
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`${styles.toast} ${item.kind === 'error' ? styles.error : styles.success}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${item.kind}`}
        >
          <span className={styles.message}>{item.message}</span>
          <button type="button" className={styles.close} onClick={() => dismissToast(item.id)} aria-label="Dismiss" title="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
