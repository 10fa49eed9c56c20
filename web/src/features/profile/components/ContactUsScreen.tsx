import styles from './ProfileScreens.module.css'
import { SupportFormLink } from './SupportFormLink'
import { MailIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { paths } from '@/config/paths'
import { useConfig } from '@/lib/session'

export function ContactUsScreen() {
  const { support_email: email } = useConfig()
  return (
    <>
      <PageHeader title="Contact Us" backTo={paths.profile} />
      <main className={styles.screen}>
        <section className={styles.panel}>
          <h2>About Humsafar</h2>
          <p>
            Humsafar helps commuters and travellers share a cab, an auto or a self-drive ride with people going the
            same way, so every trip costs less and puts fewer cars on the road.
          </p>
          <p className="muted">Questions, problems or ideas? Write to us and we will get back to you.</p>
        </section>
        {email && (
          <a className={`${styles.panel} ${styles.switchRow}`} href={`mailto:${email}`} style={{ textDecoration: 'none' }}>
            <MailIcon style={{ color: 'var(--color-primary)' }} />
            <span style={{ flex: 1 }}>
              <span className="muted" style={{ display: 'block', fontSize: '0.8rem', fontWeight: 400 }}>
                Support e-mail
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
