import { Link } from 'react-router'
import {
  costRange,
  formatClock,
  isoToDdMmYyyy,
  modeLabel,
  scheduleParts,
  timeOfDayLabel,
  type Trip,
} from './trip'
import { TripBadges } from './TripBadges'
import styles from './TripCard.module.css'
import { Explanation } from '@/components/Explanation'
import { CarIcon, UsersIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { placeShortName } from '@/lib/location'
import { useConfig } from '@/lib/session'

/** A trip in a list or carousel; the whole card opens the trip sheet. */
export function TripCard({ trip, search }: { trip: Trip; search?: string }) {
  const { date, time, hour } = scheduleParts(trip.scheduled_at)
  const config = useConfig()
  return (
    <div className={styles.cardWrap}>
      <Link
        to={{ pathname: paths.trip(trip.id), search }}
        className={styles.card}
        data-testid="trip-card"
      >
        <div className={styles.top}>
          <span className={styles.when}>
            <span className={styles.dayPart}>{timeOfDayLabel(hour)}</span>
            <span>
              {isoToDdMmYyyy(date)} · {formatClock(time)}
            </span>
          </span>
          <TripBadges trip={trip} />
        </div>
        <ol className={styles.route} aria-label="Route">
          <li>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.place} title={trip.origin.name}>
              {placeShortName(trip.origin.name)}
            </span>
          </li>
          <li>
            <span className={`${styles.dot} ${styles.dotEnd}`} aria-hidden="true" />
            <span className={styles.place} title={trip.destination.name}>
              {placeShortName(trip.destination.name)}
            </span>
          </li>
        </ol>
        <div className={styles.facts}>
          <span className={styles.fact}>
            <CarIcon size={16} /> {modeLabel(trip.preferred_mode_of_transport)}
          </span>
          <span className={styles.fact}>
            <UsersIcon size={16} /> {trip.active_passenger_count}/{trip.total_passengers} joined
          </span>
          <span className={`${styles.fact} ${styles.cost}`}>{costRange(trip.estimated_cost, trip.total_passengers)}</span>
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
