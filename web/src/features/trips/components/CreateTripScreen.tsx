import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useCreateTrip } from '../api/trips'
import { useCreateCommute } from '../api/commute'
import { commutePayload, createPayload, newTripForm } from '../model/trip-form'
import { KycPrompt } from './KycPrompt'
import { TripForm } from './TripForm'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { storage } from '@/lib/storage'

export function CreateTripScreen() {
  const navigate = useNavigate()
  const createTrip = useCreateTrip()
  const createCommute = useCreateCommute()
  const [initial] = useState(() => newTripForm())

  return (
    <>
      <PageHeader title="Create Trip" />
      <TripForm
        initial={initial}
        purpose="create"
        submitLabel="Create Trip"
        submitting={createTrip.isPending || createCommute.isPending}
        onSubmit={(values) =>
          values.repeatOn.length > 0
            ? createCommute.mutate(commutePayload(values), {
                onSuccess: ({ message }) => {
                  toast.success(message)
                  storage.tripsTab.set('hosting')
                  navigate(paths.trips, { replace: true })
                },
                onError: (failure) => toast.error(errorMessage(failure)),
              })
            : createTrip.mutate(createPayload(values), {
                onSuccess: ({ message, data }) => {
                  toast.success(message)
                  navigate(paths.trip(data.trip_id), { replace: true })
                },
                onError: (failure) => toast.error(errorMessage(failure)),
              })
        }
      />
      <KycPrompt />
    </>
  )
}
