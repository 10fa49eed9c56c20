import { Link } from 'react-router'
import { Logo } from '@/components/Logo'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import styles from './ErrorScreen.module.css'

export function NotFoundScreen() {
  const t = useT()
  return (
    <main className={styles.screen}>
      <Logo size={72} />
      <h1>{t('app.notFound')}</h1>
      <p className="muted">{t('app.notFoundDetail')}</p>
      <Link className="btn btn-primary" to={paths.home}>
        {t('app.goHome')}
      </Link>
    </main>
  )
}
