import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { searchPointFrom } from '../model/search-query'
import { TripDetails, type TripSheetBlocks } from './TripDetails'
import styles from './TripSheet.module.css'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { tripQueryOptions } from '@/lib/trips'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/**
 * /trip/{tripId}: the trip as a bottom sheet over home. A search point in the address (from search results) adds the
 * walking distances. Closing goes home; a trip that cannot be loaded shows why and goes home too. The blocks other
 * features own come from the app.
 */
export function TripScreen(blocks: TripSheetBlocks) {
  const { tripId = '' } = useParams()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { t, message } = useI18n()
  const searchPoint = searchPointFrom(params)
  const trip = useQuery(tripQueryOptions(tripId, searchPoint))
  const close = () => navigate(paths.home)

  const failure = trip.isError ? message(errorMessage(trip.error)) : null

  useEffect(() => {
    if (failure === null) return
    toast.error(failure)
    navigate(paths.home, { replace: true })
  }, [failure, navigate])

  return (
    <Dialog open title={t('trips.trip')} hideTitle variant="sheet" onClose={close} className={styles.sheet} testId="trip-sheet">
      {trip.isSuccess ? (
        <TripDetails {...blocks} trip={trip.data} withSearchPoint={Boolean(searchPoint)} onClose={close} />
      ) : (
        <div className={styles.loading} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('trips.loadingTrip')}
        </div>
      )}
    </Dialog>
  )
}
