import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { tripsToRateQueryOptions, type TripToRate } from '../api/trips-to-rate'
import styles from './HomeScreen.module.css'
import { ReviewIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { storage } from '@/lib/storage'
import '@/i18n/catalogs/en/home'

/** The first trip to rate that home has not offered before; an offer is remembered as soon as it is shown. */
export function nextTripToRate(trips: readonly TripToRate[], shown: readonly number[]): TripToRate | null {
  return trips.find((trip) => !shown.includes(trip.id)) ?? null
}

/** 'Leave a rating' (SPEC §2 prompts): after a trip shared with others that one has not reviewed, once per trip. */
export function RatingPrompt() {
  const t = useT()
  const trips = useQuery(tripsToRateQueryOptions())
  // Chosen once per visit of home: the prompt stays put while it is shown, and is not offered again afterwards.
  const [trip, setTrip] = useState<TripToRate | null>(null)
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => {
    if (trip || !trips.data) return
    const next = nextTripToRate(trips.data, storage.ratingPromptsShown.get() ?? [])
    if (!next) return
    setTrip(next)
    storage.ratingPromptsShown.set([...(storage.ratingPromptsShown.get() ?? []), next.id].slice(-100))
  }, [trips.data, trip])

  if (!trip || dismissed) return null
  return (
    <section className={styles.prompt} aria-labelledby="rating-prompt-heading" data-testid="rating-prompt">
      <ReviewIcon size={28} className={styles.promptIcon} />
      <div className={styles.cardText}>
        <h2 id="rating-prompt-heading">{t('home.rateTitle')}</h2>
        <p className="muted">{t('home.rateText', { from: trip.source, to: trip.destination })}</p>
      </div>
      <div className={styles.promptActions}>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setDismissed(true)}>
          {t('home.notNow')}
        </button>
        <Link to={paths.rating(trip.id)} className="btn btn-primary btn-small">
          {t('home.leaveRating')}
        </Link>
      </div>
    </section>
  )
}
