import styles from './ProfileScreens.module.css'
import { HelpIcon } from '@/components/icons'
import { useT } from '@/i18n'
import { useConfig } from '@/lib/session'
import '@/i18n/catalogs/en/profile'

/** The external support form (SPEC §2 shell), opened in a new tab; shown in Contact Us and Help. */
export function SupportFormLink() {
  const t = useT()
  const { support_form_url: url } = useConfig()
  if (!url) return null
  return (
    <a
      className={`${styles.panel} ${styles.switchRow}`}
      href={url}
      target="_blank"
      rel="noreferrer"
      style={{ textDecoration: 'none' }}
      data-testid="support-form"
    >
      <HelpIcon style={{ color: 'var(--color-primary)' }} />
      <span style={{ flex: 1 }}>
        <span className="muted" style={{ display: 'block', fontSize: '0.8rem', fontWeight: 400 }}>
          {t('profile.supportQuestion')}
        </span>
        {t('profile.supportForm')}
      </span>
    </a>
  )
}
