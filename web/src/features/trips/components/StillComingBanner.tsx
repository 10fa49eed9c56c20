import { isAskedStillComing, useKeepSeat } from '../api/still-coming'
import styles from './StillComingBanner.module.css'
import barStyles from './TripActionBar.module.css'
import type { Trip } from '@/components/trip/trip'
import { toast } from '@/components/toast'
import { errorMessage } from '@/lib/api'
import { useI18n } from '@/i18n'
import { fromIndiaWallTime } from '@/i18n/format'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/trips'

type StillComingBannerProps = {
  trip: Trip
  /** Opens the sheet's Leave Trip dialog (which then warns of no late cancellation). */
  onLeave: () => void
}

/** "Still coming?": an active member asked after the host moved the trip by more than half an hour keeps their seat
 * or leaves without it counting as a late cancellation (domain/rules/still_coming.py). Nothing when not asked. */
export function StillComingBanner({ trip, onLeave }: StillComingBannerProps) {
  const keepSeat = useKeepSeat(trip.id)
  const { t, message } = useI18n()
  const format = useFormat()
  if (!isAskedStillComing(trip)) return null
  const moment = fromIndiaWallTime(trip.scheduled_at)
  const keep = () =>
    keepSeat.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (failure) => toast.error(message(errorMessage(failure))),
    })
  return (
    <div className={styles.banner} role="alert" data-testid="still-coming">
      <p className={styles.words}>
        {t('trips.stillComing', { time: format.time(moment), date: format.date(moment) })}
      </p>
      <div className={barStyles.buttons}>
        <button type="button" className="btn btn-primary btn-block" disabled={keepSeat.isPending} onClick={keep}>
          {t('trips.keepMySeat')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={onLeave}>
          {t('trips.leaveTripLower')}
        </button>
      </div>
    </div>
  )
}
