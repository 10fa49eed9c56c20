import { Link } from 'react-router'
import { alongLine, matchOf } from './along'
import {
  costRange,
  firstName,
  modeLabel,
  scheduleParts,
  tripWhen,
  timeOfDayLabel,
  type Trip,
  type TripFound,
} from './trip'
import { TripBadges } from './TripBadges'
import styles from './TripCard.module.css'
import { Avatar } from '@/components/Avatar'
import { Explanation } from '@/components/Explanation'
import { CarIcon, StarIcon, UsersIcon } from '@/components/icons'
import { hasRatings } from '@/components/person/rating'
import { paths } from '@/config/paths'
import { placeShortName } from '@/lib/location'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { useConfig } from '@/lib/session'
import '@/i18n/catalogs/en/tripCard'

/** Who hosts: picture, first name, the verified mark and the rating, or 'New' before anyone has rated them. */
function HostLine({ host }: { host: Trip['host'] }) {
  const t = useT()
  return (
    <p className={styles.host} data-testid="trip-card-host">
      <Avatar src={host.small_image_url} name={host.name} size={28} />
      <span className={styles.hostName} translate="no">
        {firstName(host.name)}
      </span>
      {host.is_kyc_verified && (
        <svg className={styles.verified} width="16" height="16" viewBox="0 0 24 24" role="img" aria-label={t('tripCard.verified')}>
          <path
            d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z"
            fill="currentColor"
          />
          <path d="M8 12.5l2.5 2.5L16 9.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      )}
      <span className={styles.rating} data-testid="trip-card-rating">
        {hasRatings(host.average_rating) ? (
          <>
            <StarIcon size={14} className={styles.star} /> {host.average_rating.toFixed(1)}
          </>
        ) : (
          t('tripCard.newHost')
        )}
      </span>
    </p>
  )
}

/** A trip in a list or carousel; the whole card opens the trip sheet (with the match of a trip search found). */
export function TripCard({ trip, search }: { trip: Trip | TripFound; search?: string }) {
  const { hour } = scheduleParts(trip.scheduled_at)
  const config = useConfig()
  const t = useT()
  const format = useFormat()
  const match = matchOf(trip)
  const along = alongLine(match, t)
  return (
    <div className={styles.cardWrap}>
      <Link
        to={{ pathname: paths.trip(trip.id), search }}
        // The sheet's Send Request offers the match's pick-up and drop.
        state={match ? { match } : undefined}
        className={styles.card}
        data-testid="trip-card"
      >
        <div className={styles.top}>
          <span className={styles.when}>
            <span className={styles.dayPart}>{timeOfDayLabel(hour, t)}</span>
            <span>
              {tripWhen(trip.scheduled_at, format)}
            </span>
          </span>
          <TripBadges trip={trip} />
        </div>
        <HostLine host={trip.host} />
        <ol className={styles.route} aria-label={t('tripCard.route')}>
          <li>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.place} title={trip.origin.name} translate="no">
              {placeShortName(trip.origin.name)}
            </span>
          </li>
          <li>
            <span className={`${styles.dot} ${styles.dotEnd}`} aria-hidden="true" />
            <span className={styles.place} title={trip.destination.name} translate="no">
              {placeShortName(trip.destination.name)}
            </span>
          </li>
        </ol>
        {along && (
          <p className={styles.along} data-testid="trip-card-along">
            {along}
          </p>
        )}
        <div className={styles.facts}>
          <span className={styles.fact}>
            <CarIcon size={16} /> {modeLabel(trip.preferred_mode_of_transport, t)}
          </span>
          <span className={styles.fact}>
            <UsersIcon size={16} />{' '}
            {t('tripCard.joined', { active: trip.active_passenger_count, total: trip.total_passengers })}
          </span>
          <span className={`${styles.fact} ${styles.cost}`}>{costRange(trip.estimated_cost, trip.total_passengers, t, format.money)}</span>
        </div>
      </Link>
      {/* Beside the card's link, not in it: a button inside a link is neither. */}
      <Explanation
        heading={config.estimated_cost_explanation_heading}
        content={config.estimated_cost_explanation_content}
        size={16}
        className={styles.costInfo}
        testId="cost-explanation"
      />
    </div>
  )
}
