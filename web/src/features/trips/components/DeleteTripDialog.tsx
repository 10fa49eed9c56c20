import { useDeleteTrip } from '../api/trips'
import { reasonError } from '../model/join'
import { ReasonDialog } from './ReasonDialog'
import { toast } from '@/components/toast'
import { CHOICES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { useI18n, type Translate } from '@/i18n'
import '@/i18n/catalogs/en/trips'

export const DELETE_REASONS = CHOICES.TRIP_DELETE_REASONS

/** Checks a delete reason; null when it can be sent. */
export const deleteReasonError = (choice: string, custom: string, t: Translate): string | null =>
  reasonError(DELETE_REASONS, choice, custom, t)

type DeleteTripDialogProps = {
  tripId: number
  open: boolean
  onClose: () => void
  onDeleted: () => void
  /** Said before deleting when it will count as a late cancellation (model/late-cancel.ts). */
  warning?: string | null
}

export function DeleteTripDialog({ tripId, open, onClose, onDeleted, warning }: DeleteTripDialogProps) {
  const deleteTrip = useDeleteTrip(tripId)
  const { t, message } = useI18n()
  return (
    <ReasonDialog
      open={open}
      title={t('trips.deleteTrip')}
      testId="delete-trip-dialog"
      legend={t('trips.deleteWhy')}
      presets={DELETE_REASONS}
      customLabel={t('trips.otherReason')}
      dismissLabel={t('trips.cancel')}
      actionLabel={t('trips.deleteTrip')}
      warning={warning}
      pending={deleteTrip.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        deleteTrip.mutate(reason, {
          onSuccess: ({ message }) => {
            toast.success(message)
            onDeleted()
          },
          onError: (failure) =>
            toast.error(t('trips.cannotDeleteTrip', { error: message(errorMessage(failure)).replace(/[.।]$/, '') })),
        })
      }
    />
  )
}
