import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import styles from './ProfileCard.module.css'
import { hasRatings, ratingLabel } from './rating'
import { Avatar } from '@/components/Avatar'
import { CopyIcon, EditIcon, FlagIcon, StarIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import type { ReliabilityRecord } from '@/lib/reliability'
import type { Gender } from '@/lib/session'
import { useT, type Key } from '@/i18n'
import { copyNotAllowed, copyText } from '@/lib/share'
import '@/i18n/catalogs/en/person'

export const GENDER_LABELS: Record<Gender, Extract<Key, `person.${Lowercase<Gender>}`>> = { MALE: 'person.male', FEMALE: 'person.female', OTHERS: 'person.others' }

type Person = {
  id: number
  name: string | null
  gender: Gender | null
  age: number | null
  medium_image_url: string | null
  is_kyc_verified: boolean
  linked_in_url: string | null
  flagged_count: number
  average_rating: number
  reliability: ReliabilityRecord
  mobile_number?: string | null
}

type OwnDetails = { referral_code: string; referred_count: number }

type ProfileCardProps = { person: Person; own?: OwnDetails; headingLevel?: 'h2' | 'h3' }

export function ProfileCard({ person, own, headingLevel: Heading = 'h2' }: ProfileCardProps) {
  const t = useT()
  const facts = [
    person.gender && t(GENDER_LABELS[person.gender]),
    person.age != null && t('person.age', { count: person.age }),
  ].filter(Boolean)
  return (
    <section className={styles.card} aria-label={t('person.details')} data-testid="profile-card">
      <div className={styles.top}>
        <Avatar src={person.medium_image_url} name={person.name} size={72} alt={person.name ?? ''} />
        <div className={styles.identity}>
          <Heading className={styles.name}>
            <span className={styles.nameText} title={person.name ?? undefined} data-testid="profile-name">
              {person.name}
            </span>
            {person.is_kyc_verified && (
              <span className={styles.verified} title={t('person.verified')}>
                ✓<span className="visually-hidden"> {t('person.verified')}</span>
              </span>
            )}
          </Heading>
          {facts.length > 0 && <p className="muted">{facts.join(' · ')}</p>}
          {person.mobile_number && <p className="muted">+91 {person.mobile_number}</p>}
        </div>
        {own && (
          <Link to={paths.userDetailsEdit} className="icon-button" aria-label={t('person.edit')} title={t('person.edit')} data-testid="edit-profile">
            <EditIcon size={20} />
          </Link>
        )}
      </div>
      <dl className={styles.stats}>
        <div>
          <dt>{t('person.rating')}</dt>
          <dd data-testid="rating">
            {hasRatings(person.average_rating) && <StarIcon size={16} className={styles.star} />}{' '}
            {ratingLabel(person.average_rating, t)}
          </dd>
        </div>
        <div>
          <dt>{t('person.flagged')}</dt>
          <dd>
            <FlagIcon size={16} /> {person.flagged_count}
          </dd>
        </div>
        {own && (
          <div>
            <dt>{t('person.referrals')}</dt>
            <dd>{own.referred_count}</dd>
          </div>
        )}
      </dl>
      <dl className={`${styles.stats} ${styles.record}`} data-testid="reliability" aria-label={t('person.record')}>
        <div>
          <dt>{t('person.tripsCompleted')}</dt>
          <dd>{person.reliability.completed_trips}</dd>
        </div>
        <div>
          <dt>{t('person.lateCancels')}</dt>
          <dd>{person.reliability.late_cancellations}</dd>
        </div>
        <div>
          <dt>{t('person.noShows')}</dt>
          <dd>{person.reliability.no_shows}</dd>
        </div>
      </dl>
      {own && <ReferralCode code={own.referral_code} />}
      <div className={styles.links}>
        {person.linked_in_url && (
          <a href={person.linked_in_url} target="_blank" rel="noreferrer">
            {t('person.linkedIn')}
          </a>
        )}
        <Link to={own ? paths.myReview : paths.userReview(person.id)}>{t('person.seeReviews')}</Link>
      </div>
    </section>
  )
}

function ReferralCode({ code }: { code: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), LIMITS.COPY_TOOLTIP_SECONDS * 1000)
    return () => window.clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    if (await copyText(code)) setCopied(true)
    else toast.error(copyNotAllowed(t))
  }

  return (
    <div className={styles.referral}>
      <span className="muted">{t('person.referralCode')}</span>
      <code className={styles.code} data-testid="referral-code">
        {code}
      </code>
      <span className={styles.copyWrap}>
        <button type="button" className="icon-button" onClick={() => void copy()} aria-label={t('person.copyReferralCode')} title={t('person.copyReferralCode')}>
          <CopyIcon size={18} />
        </button>
        <span role="status" className={copied ? styles.tooltip : 'visually-hidden'}>
          {copied ? t('person.copied') : ''}
        </span>
      </span>
    </div>
  )
}
