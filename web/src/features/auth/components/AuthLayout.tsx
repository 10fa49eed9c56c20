import type { ReactNode } from 'react'
import { Link } from 'react-router'
import styles from './AuthLayout.module.css'
import { BackIcon } from '@/components/icons'
import { Logo } from '@/components/Logo'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/auth'

type AuthLayoutProps = { children: ReactNode; back?: { to: string; label: string } }

/** The brand band on top of the login and code screens. */
export function AuthLayout({ children, back }: AuthLayoutProps) {
  const t = useT()
  return (
    <div className={styles.layout}>
      <div className={styles.hero}>
        {back && (
          <Link to={back.to} className={`icon-button ${styles.back}`} aria-label={back.label} title={back.label}>
            <BackIcon />
          </Link>
        )}
        <div className={styles.brand}>
          <span className={styles.logo}>
            <Logo size={56} />
          </span>
          <div>
            <p className={styles.name}>{t('common.appName')}</p>
            <p className={styles.tagline}>{t('auth.tagline')}</p>
          </div>
        </div>
        <RouteArt />
      </div>
      <main className={styles.body}>{children}</main>
    </div>
  )
}

function RouteArt() {
  return (
    <svg className={styles.art} viewBox="0 0 320 90" aria-hidden="true">
      <path d="M10 70 C 80 10, 150 100, 220 40 S 300 30, 310 20" fill="none" stroke="rgb(255 255 255 / 55%)" strokeWidth="3" strokeDasharray="8 8" />
      <circle cx="10" cy="70" r="8" fill="#ffb703" />
      <circle cx="310" cy="20" r="8" fill="#fff" />
      <g transform="translate(140 40)">
        <rect x="0" y="8" width="44" height="16" rx="6" fill="#fff" />
        <path d="M8 8 l6 -8 h16 l6 8z" fill="#fff" />
        <circle cx="10" cy="26" r="5" fill="#0a5246" stroke="#fff" strokeWidth="2" />
        <circle cx="34" cy="26" r="5" fill="#0a5246" stroke="#fff" strokeWidth="2" />
      </g>
    </svg>
  )
}
