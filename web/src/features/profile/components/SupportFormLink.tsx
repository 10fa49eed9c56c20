import styles from './ProfileScreens.module.css'
import { HelpIcon } from '@/components/icons'
import { useConfig } from '@/lib/session'

/** The external support form (SPEC §2 shell), opened in a new tab; shown in Contact Us and Help. */
export function SupportFormLink() {
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
          Something wrong with a trip or the app?
        </span>
        Support form
      </span>
    </a>
  )
}
