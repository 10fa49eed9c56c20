import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useCreateTrip } from '../api/trips'
import { commutePayload, createPayload, newTripForm } from '../model/trip-form'
import { TripForm } from './TripForm'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { useCreateCommute } from '@/lib/commutes'
import { storage } from '@/lib/storage'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/**
 * /create-trip: a trip, or a commute when weekdays are chosen. `hostPrompt` is what the app shows a host over the form
 * (the invitation to verify, from the identity feature).
 */
export function CreateTripScreen({ hostPrompt }: { hostPrompt: ReactNode }) {
  const navigate = useNavigate()
  const { t, message } = useI18n()
  const createTrip = useCreateTrip()
  const createCommute = useCreateCommute()
  const [initial] = useState(() => newTripForm())

  return (
    <>
      <PageHeader title={t('trips.createTrip')} />
      <TripForm
        initial={initial}
        purpose="create"
        submitLabel={t('trips.createTrip')}
        submitting={createTrip.isPending || createCommute.isPending}
        onSubmit={(values) =>
          values.repeatOn.length > 0
            ? createCommute.mutate(commutePayload(values), {
                onSuccess: ({ message }) => {
                  toast.success(message)
                  storage.tripsTab.set('hosting')
                  navigate(paths.trips, { replace: true })
                },
                onError: (failure) => toast.error(message(errorMessage(failure))),
              })
            : createTrip.mutate(createPayload(values), {
                onSuccess: ({ message, data }) => {
                  toast.success(message)
                  navigate(paths.trip(data.trip_id), { replace: true })
                },
                onError: (failure) => toast.error(message(errorMessage(failure))),
              })
        }
      />
      {hostPrompt}
    </>
  )
}
