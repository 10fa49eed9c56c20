import { Logo } from './Logo'
import styles from './Splash.module.css'
import { useT } from '@/i18n'

/** Shown while a guard loads the session, the user and the configuration. */
export function Splash() {
  const t = useT()
  return (
    <div className={styles.splash} role="status" aria-live="polite" data-testid="splash">
      <div className={styles.logo}>
        <Logo size={88} />
      </div>
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  )
}
