import styles from './ProfileScreens.module.css'
import { SupportFormLink } from './SupportFormLink'
import { MailIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { useConfig } from '@/lib/session'
import '@/i18n/catalogs/en/profile'

export function ContactUsScreen() {
  const t = useT()
  const { support_email: email } = useConfig()
  return (
    <>
      <PageHeader title={t('profile.contactUs')} backTo={paths.profile} />
      <main className={styles.screen}>
        <section className={styles.panel}>
          <h2>{t('profile.about')}</h2>
          <p>{t('profile.aboutText')}</p>
          <p className="muted">{t('profile.writeToUs')}</p>
        </section>
        {email && (
          <a className={`${styles.panel} ${styles.switchRow}`} href={`mailto:${email}`} style={{ textDecoration: 'none' }}>
            <MailIcon style={{ color: 'var(--color-primary)' }} />
            <span style={{ flex: 1 }}>
              <span className="muted" style={{ display: 'block', fontSize: '0.8rem', fontWeight: 400 }}>
                {t('profile.supportEmail')}
              </span>
              {email}
            </span>
          </a>
        )}
        <SupportFormLink />
      </main>
    </>
  )
}
