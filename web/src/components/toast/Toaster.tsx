import { useSyncExternalStore } from 'react'
import { dismissToast, toastStore } from './toast-store'
import styles from './Toaster.module.css'
import { useT } from '@/i18n'

export function Toaster() {
  const t = useT()
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
          <button type="button" className={styles.close} onClick={() => dismissToast(item.id)} aria-label={t('common.dismiss')} title={t('common.dismiss')}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
