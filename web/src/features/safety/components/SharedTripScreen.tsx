import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { sharedTripQueryOptions, type SharedTrip } from '../api/safety'
import { sharedTripWhen, SHARED_TRIP_REFRESH_MS, STAGE_LABELS } from '../model/shared-trip'
import styles from './SharedTrip.module.css'
import { Busy } from '@/components/Busy'
import { Logo } from '@/components/Logo'
import { LIMITS } from '@/generated/rules'
import { useI18n, useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { ApiError, errorMessage } from '@/lib/api'
import '@/i18n/catalogs/en/safety'

/** Keeps search engines off this page while it is shown (the API also says so on its answer). */
function useNoIndex(pageTitle: string) {
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.appendChild(meta)
    const title = document.title
    document.title = pageTitle
    return () => {
      meta.remove()
      document.title = title
    }
  }, [pageTitle])
}

/**
 * /t/{token}: the trip someone shared, for whoever has the link, signed in or not: when and where, the host, the cab,
 * how far along it is and, above all, an SOS while one is open. Read again every 30 s.
 */
export function SharedTripScreen() {
  const { t } = useI18n()
  const { token = '' } = useParams()
  const trip = useQuery({ ...sharedTripQueryOptions(token), refetchInterval: SHARED_TRIP_REFRESH_MS })
  useNoIndex(t('safety.liveTripTitle'))
  const gone = trip.error instanceof ApiError && trip.error.status === 404

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo size={32} />
        <h1 className={styles.title}>{t('safety.liveTrip')}</h1>
      </header>
      <main className={styles.main}>
        {trip.isSuccess ? (
          <TripNow trip={trip.data} />
        ) : trip.isPending ? (
          <Busy text={t('safety.loadingTrip')} />
        ) : (
          <section className={styles.notice} role="alert" data-testid="shared-trip-problem">
            <p>{gone ? t('safety.sharedTripNotFound') : errorMessage(trip.error)}</p>
            {!gone && (
              <button type="button" className="btn btn-secondary" onClick={() => void trip.refetch()}>
                {t('safety.tryAgain')}
              </button>
            )}
          </section>
        )}
      </main>
    </div>
  )
}

function TripNow({ trip }: { trip: SharedTrip }) {
  const t = useT()
  const format = useFormat()
  const cab = trip.cab
  const vehicle = [cab?.vehicle_model, cab?.vehicle_registration].filter(Boolean).join(' · ')
  return (
    <>
      {trip.sos_open && (
        <section className={styles.sos} role="alert" data-testid="shared-trip-sos">
          <p className={styles.sosTitle}>{t('safety.sosRaised')}</p>
          <p>{t('safety.someoneAsked', { number: LIMITS.EMERGENCY_NUMBER })}</p>
          <a className="btn btn-danger" href={`tel:${LIMITS.EMERGENCY_NUMBER}`}>
            {t('safety.call', { number: LIMITS.EMERGENCY_NUMBER })}
          </a>
        </section>
      )}
      <section className={styles.card} aria-label={t('safety.trip')}>
        <p className={styles.stage} data-stage={trip.stage} data-testid="shared-trip-stage">
          {t(STAGE_LABELS[trip.stage])}
        </p>
        <p className={styles.when} data-testid="shared-trip-when">
          {sharedTripWhen(trip.scheduled_at, format)}
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('safety.from')}</dt>
            <dd>{trip.origin.name}</dd>
          </div>
          <div>
            <dt>{t('safety.to')}</dt>
            <dd>{trip.destination.name}</dd>
          </div>
          <div>
            <dt>{t('safety.host')}</dt>
            <dd data-testid="shared-trip-host">
              {trip.host.first_name}
              {trip.host.is_verified && <span className={styles.verified}> · {t('safety.verified')}</span>}
            </dd>
          </div>
          {vehicle && (
            <div>
              <dt>{t('safety.cab')}</dt>
              <dd>{vehicle}</dd>
            </div>
          )}
          {cab?.driver_first_name && (
            <div>
              <dt>{t('safety.driver')}</dt>
              <dd>{cab.driver_first_name}</dd>
            </div>
          )}
        </dl>
      </section>
      <p className="muted">{t('safety.pageUpdates')}</p>
    </>
  )
}
