import { Link } from 'react-router'
import { Logo } from '@/components/Logo'
import { paths } from '@/config/paths'
import { MESSAGES } from '@/generated/rules'
import styles from './ErrorScreen.module.css'

export function NotFoundScreen() {
  return (
    <main className={styles.screen}>
      <Logo size={72} />
      <h1>{MESSAGES.PAGE_NOT_FOUND}</h1>
      <p className="muted">The page you are looking for does not exist.</p>
      <Link className="btn btn-primary" to={paths.home}>
        Go To Home
      </Link>
    </main>
  )
}
