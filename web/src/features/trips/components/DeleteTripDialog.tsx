import { useDeleteTrip } from '../api/trips'
import { reasonError } from '../model/join'
import { ReasonDialog } from './ReasonDialog'
import { toast } from '@/components/toast'
import { CHOICES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'

export const DELETE_REASONS = CHOICES.TRIP_DELETE_REASONS

/** Checks a delete reason; null when it can be sent. */
export const deleteReasonError = (choice: string, custom: string): string | null =>
  reasonError(DELETE_REASONS, choice, custom)

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
  return (
    <ReasonDialog
      open={open}
      title="Delete Trip"
      testId="delete-trip-dialog"
      legend="Why are you deleting this trip?"
      presets={DELETE_REASONS}
      customLabel="Other reason"
      dismissLabel="Cancel"
      actionLabel="Delete Trip"
      warning={warning}
      pending={deleteTrip.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        deleteTrip.mutate(reason, {
          onSuccess: ({ message }) => {
            toast.success(message)
            onDeleted()
          },
          onError: (failure) => toast.error(`Cannot delete trip. ${errorMessage(failure).replace(/\.$/, '')}.`),
        })
      }
    />
  )
}
