import { Logo } from '@/components/Logo'
import { MESSAGES } from '@/generated/rules'
import styles from './ErrorScreen.module.css'

export const OFFLINE_MESSAGE = 'You are offline'

type LoadFailedProps = { message?: string; onRetry: () => void }

export function LoadFailed({ message = MESSAGES.FALLBACK_ERROR, onRetry }: LoadFailedProps) {
  return (
    <main className={styles.screen}>
      <Logo size={72} />
      <h1>{message}</h1>
      <p className="muted">Check your connection and try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try Again
      </button>
    </main>
  )
}
