import { Logo } from './Logo'
import styles from './Splash.module.css'

/** Shown while a guard loads the session, the user and the configuration. */
export function Splash() {
  return (
    <div className={styles.splash} role="status" aria-live="polite" data-testid="splash">
      <div className={styles.logo}>
        <Logo size={88} />
      </div>
      <span className="visually-hidden">Loading Humsafar</span>
    </div>
  )
}
