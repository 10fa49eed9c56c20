import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { useEditTrip } from '../api/trips'
import { editChanges, TRIP_FORM_MESSAGES, tripFormFrom } from '../model/trip-form'
import { TripForm } from './TripForm'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'

/** The trip arrives as navigation state from its sheet; without it there is nothing to edit. */
export function EditTripScreen() {
  const trip = (useLocation().state as { trip?: Trip } | null)?.trip
  useEffect(() => {
    if (!trip) toast.error('Trip not found')
  }, [trip])
  if (!trip) return <Navigate to={paths.home} replace />
  return <EditTrip trip={trip} />
}

function EditTrip({ trip }: { trip: Trip }) {
  const navigate = useNavigate()
  const editTrip = useEditTrip(trip.id)
  const [initial] = useState(() => tripFormFrom(trip))

  return (
    <>
      <PageHeader title="Edit Trip" backTo={paths.trip(trip.id)} />
      <TripForm
        initial={initial}
        purpose="edit"
        submitLabel="Edit Trip"
        submitting={editTrip.isPending}
        onSubmit={(values) => {
          const changes = editChanges(trip, values)
          if (Object.keys(changes).length === 0) {
            toast.error(TRIP_FORM_MESSAGES.nothingUpdated)
            return
          }
          editTrip.mutate(changes, {
            onSuccess: ({ message }) => {
              toast.success(message)
              navigate(paths.trip(trip.id), { replace: true })
            },
            onError: (failure) => toast.error(errorMessage(failure)),
          })
        }}
      />
    </>
  )
}
