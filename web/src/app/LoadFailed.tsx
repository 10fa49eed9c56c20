import { Logo } from '@/components/Logo'
import { useT, type Key } from '@/i18n'
import styles from './ErrorScreen.module.css'

type LoadFailedProps = { reason?: Extract<Key, `app.${string}`>; onRetry: () => void }

export function LoadFailed({ reason = 'app.loadFailed', onRetry }: LoadFailedProps) {
  const t = useT()
  return (
    <main className={styles.screen}>
      <Logo size={72} />
      <h1>{t(reason)}</h1>
      <p className="muted">{t('app.checkConnection')}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('app.tryAgain')}
      </button>
    </main>
  )
}
