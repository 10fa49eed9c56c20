import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { useEditTrip } from '../api/trips'
import { editChanges, tripFormFrom } from '../model/trip-form'
import { TripForm } from './TripForm'
import { Dialog } from '@/components/Dialog'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { useI18n, useT, type Key } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type TripChanges = ReturnType<typeof editChanges>

/** What a new departure time does to the trip's cab, told before the host saves: the API cancels a requested or
 * booked cab when the time changes. Null when no cab is running. */
export function cabEndedByTimeChange(
  cab: Trip['cab'] | null | undefined,
): Extract<Key, 'trips.cabCancelsBooked' | 'trips.cabCancelsRequest'> | null {
  if (cab?.status === 'booked') return 'trips.cabCancelsBooked'
  if (cab?.status === 'requested') return 'trips.cabCancelsRequest'
  return null
}

/** The trip arrives as navigation state from its sheet; without it there is nothing to edit. */
export function EditTripScreen() {
  const trip = (useLocation().state as { trip?: Trip } | null)?.trip
  const notFound = useT()('trips.tripNotFound')
  useEffect(() => {
    if (!trip) toast.error(notFound)
  }, [trip, notFound])
  if (!trip) return <Navigate to={paths.home} replace />
  return <EditTrip trip={trip} />
}

function EditTrip({ trip }: { trip: Trip }) {
  const navigate = useNavigate()
  const { t, message } = useI18n()
  const editTrip = useEditTrip(trip.id)
  const [initial] = useState(() => tripFormFrom(trip))
  // A new time for a trip whose cab is requested or booked waits for the host to confirm that the cab is cancelled.
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<TripChanges | null>(null)
  const cabWarning = cabEndedByTimeChange(trip.cab)

  const save = (changes: TripChanges) => {
    editTrip.mutate(changes, {
      onSuccess: ({ message }) => {
        toast.success(message)
        navigate(paths.trip(trip.id), { replace: true })
      },
      onError: (failure) => toast.error(message(errorMessage(failure))),
    })
  }

  return (
    <>
      <PageHeader title={t('trips.editTrip')} backTo={paths.trip(trip.id)} />
      <TripForm
        initial={initial}
        purpose="edit"
        submitLabel={t('trips.editTrip')}
        submitting={editTrip.isPending}
        onSubmit={(values) => {
          const changes = editChanges(trip, values)
          if (Object.keys(changes).length === 0) {
            toast.error(t('trips.nothingUpdated'))
            return
          }
          if (cabWarning && changes.time_of_trip !== undefined) {
            setAwaitingConfirmation(changes)
            return
          }
          save(changes)
        }}
      />
      <Dialog
        open={awaitingConfirmation !== null}
        title={cabWarning ? t(cabWarning) : ''}
        onClose={() => setAwaitingConfirmation(null)}
        testId="time-change-cancels-cab-dialog"
      >
        <p>{t('trips.cabCancelLead')}</p>
        <button
          type="button"
          className="btn btn-danger btn-block"
          disabled={editTrip.isPending}
          onClick={() => {
            if (awaitingConfirmation) save(awaitingConfirmation)
            setAwaitingConfirmation(null)
          }}
        >
          {t('trips.changeTimeCancelCab')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setAwaitingConfirmation(null)}>
          {t('trips.keepTheCab')}
        </button>
      </Dialog>
    </>
  )
}
