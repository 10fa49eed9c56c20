import styles from './TripSheet.module.css'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/tripCard'

/** The blue seal beside a verified (KYC) person's name. */
export function VerifiedMark() {
  const t = useT()
  return (
    <svg className={styles.verified} width="18" height="18" viewBox="0 0 24 24" role="img" aria-label={t('tripCard.verified')}>
      <path
        d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z"
        fill="currentColor"
      />
      <path d="M8 12.5l2.5 2.5L16 9.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}
