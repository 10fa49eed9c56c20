import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Logo } from '@/components/Logo'
import { MESSAGES } from '@/generated/rules'
import styles from './ErrorScreen.module.css'

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`
  if (error instanceof Error) return error.message
  return String(error ?? '')
}

/** The top-level error boundary: something broke while rendering; reloading the app is the way out. */
export function ErrorScreen() {
  const error = useRouteError()
  return (
    <main className={styles.screen}>
      <Logo size={72} />
      <h1>{MESSAGES.APP_CRASHED}</h1>
      <p className={styles.detail}>{describe(error)}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload App
      </button>
    </main>
  )
}
