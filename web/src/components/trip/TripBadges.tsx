import { BADGE_KEYS, tripBadges, type Trip, type TripBadge } from './trip'
import styles from './TripBadges.module.css'
import { useT } from '@/i18n'

const badgeTone: Record<TripBadge, string> = {
  Hosted: styles.info,
  Requested: styles.info,
  'Cab Booked': styles.info,
  Cancelled: styles.cancelled,
  'Trip Full': styles.danger,
  'Almost Full': styles.warn,
}

/** A trip's badges, each in its tone, alike on its card and its sheet: a cancelled trip reads apart from a full one. */
export function TripBadges({ trip, className }: { trip: Trip; className?: string }) {
  const t = useT()
  const badges = tripBadges(trip)
  if (badges.length === 0) return null
  return (
    <span className={className ? `${styles.badges} ${className}` : styles.badges}>
      {badges.map((badge) => (
        <span key={badge} className={`${styles.badge} ${badgeTone[badge]}`}>
          {t(BADGE_KEYS[badge])}
        </span>
      ))}
    </span>
  )
}
