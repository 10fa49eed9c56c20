import { useQuery } from '@tanstack/react-query'
import { standingSosQueryOptions } from '../api/safety'
import { sinceWords } from '../model/standing-sos'
import styles from './Safety.module.css'
import { SOS_REFRESH_MS } from './TripSafety'
import type { Trip } from '@/components/trip/trip'
import { LIMITS } from '@/generated/rules'

const isMember = (trip: Trip) => trip.is_current_user_host || trip.user_status === 'active'

/**
 * At the top of the trip sheet, for the host and active members: each SOS someone else on the trip raised and that
 * still stands, who and since when, with a button that calls 112. No one's number is shown (docs/security.md), so
 * the call goes to the emergency number, which reaches help wherever the trip is. Told live when an SOS is raised or
 * closed (lib/live.ts), and read again every few seconds besides.
 */
export function TripSosBanner({ trip }: { trip: Trip }) {
  const member = isMember(trip)
  const standing = useQuery({ ...standingSosQueryOptions(trip.id), enabled: member, refetchInterval: SOS_REFRESH_MS })
  const incidents = member ? (standing.data ?? []) : []
  if (incidents.length === 0) return null
  return (
    <section className={styles.sosBanner} role="alert" aria-labelledby="standing-sos-heading" data-testid="standing-sos">
      <h3 id="standing-sos-heading" className={styles.sosBannerTitle}>
        SOS on this trip
      </h3>
      <ul className={styles.standingList}>
        {incidents.map((incident) => (
          <li key={incident.user_id} className={styles.standingRow} data-testid="standing-sos-person">
            <span>
              <strong>{incident.first_name}</strong> raised an SOS, {sinceWords(incident.since)}
            </span>
            <a
              className="btn btn-small btn-danger"
              href={`tel:${LIMITS.EMERGENCY_NUMBER}`}
              aria-label={`Call ${LIMITS.EMERGENCY_NUMBER} for ${incident.first_name}`}
              data-testid="standing-sos-call"
            >
              Call {LIMITS.EMERGENCY_NUMBER}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
