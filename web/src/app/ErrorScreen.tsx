import { Component, type ReactNode } from 'react'
import { Logo } from '@/components/Logo'
import { useT } from '@/i18n'
import styles from './ErrorScreen.module.css'

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error ?? '')
}

/** Something broke while rendering; reloading the app is the way out. */
export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT()
  return (
    <main className={styles.screen}>
      <Logo size={72} />
      <h1>{t('app.crashed')}</h1>
      <p className={styles.detail}>{describe(error)}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </main>
  )
}

/** The top-level error boundary: shows the error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
