import { useQuery } from '@tanstack/react-query'
import { standingSosQueryOptions } from '../api/safety'
import { sinceClock } from '../model/standing-sos'
import styles from './Safety.module.css'
import { SOS_REFRESH_MS } from './TripSafety'
import type { Trip } from '@/components/trip/trip'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { Trans } from '@/i18n/Trans'
import '@/i18n/catalogs/en/safety'

const isMember = (trip: Trip) => trip.is_current_user_host || trip.user_status === 'active'

/**
 * At the top of the trip sheet, for the host and active members: each SOS someone else on the trip raised and that
 * still stands, who and since when, with a button that calls 112. No one's number is shown (docs/security.md), so
 * the call goes to the emergency number, which reaches help wherever the trip is. Told live when an SOS is raised or
 * closed (lib/live.ts), and read again every few seconds besides.
 */
export function TripSosBanner({ trip }: { trip: Trip }) {
  const t = useT()
  const format = useFormat()
  const member = isMember(trip)
  const standing = useQuery({ ...standingSosQueryOptions(trip.id), enabled: member, refetchInterval: SOS_REFRESH_MS })
  const incidents = member ? (standing.data ?? []) : []
  if (incidents.length === 0) return null
  return (
    <section className={styles.sosBanner} role="alert" aria-labelledby="standing-sos-heading" data-testid="standing-sos">
      <h3 id="standing-sos-heading" className={styles.sosBannerTitle}>
        {t('safety.sosOnTrip')}
      </h3>
      <ul className={styles.standingList}>
        {incidents.map((incident) => (
          <li key={incident.user_id} className={styles.standingRow} data-testid="standing-sos-person">
            <span>
              <Trans
                k={sinceClock(incident.since, format) ? 'safety.raisedSosSince' : 'safety.raisedSos'}
                values={{ name: incident.first_name, time: sinceClock(incident.since, format) }}
                tags={{ name: (name) => <strong>{name}</strong> }}
              />
            </span>
            <a
              className="btn btn-small btn-danger"
              href={`tel:${LIMITS.EMERGENCY_NUMBER}`}
              aria-label={t('safety.callFor', { number: LIMITS.EMERGENCY_NUMBER, name: incident.first_name })}
              data-testid="standing-sos-call"
            >
              {t('safety.call', { number: LIMITS.EMERGENCY_NUMBER })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
