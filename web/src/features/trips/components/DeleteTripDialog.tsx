import { useState } from 'react'
import { useDeleteTrip } from '../api/trips'
import { chosenReason, reasonError } from '../model/join'
import styles from './JoinDialogs.module.css'
import { ReasonPicker } from './ReasonPicker'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { CHOICES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'

export const DELETE_REASONS = CHOICES.TRIP_DELETE_REASONS

/** Checks a delete reason; null when it can be sent. */
export const deleteReasonError = (choice: string, custom: string): string | null =>
  reasonError(DELETE_REASONS, choice, custom)

type DeleteTripDialogProps = { tripId: number; open: boolean; onClose: () => void; onDeleted: () => void }

export function DeleteTripDialog({ tripId, open, onClose, onDeleted }: DeleteTripDialogProps) {
  const [choice, setChoice] = useState<string>(DELETE_REASONS[0])
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const deleteTrip = useDeleteTrip(tripId)

  const confirm = () => {
    const problem = deleteReasonError(choice, custom)
    setError(problem)
    if (problem) return
    deleteTrip.mutate(chosenReason(choice, custom), {
      onSuccess: ({ message }) => {
        toast.success(message)
        onDeleted()
      },
      onError: (failure) => toast.error(`Cannot delete trip. ${errorMessage(failure).replace(/\.$/, '')}.`),
    })
  }

  return (
    <Dialog open={open} title="Delete Trip" onClose={onClose} testId="delete-trip-dialog">
      <ReasonPicker
        legend="Why are you deleting this trip?"
        presets={DELETE_REASONS}
        customLabel="Other reason"
        choice={choice}
        custom={custom}
        error={error}
        onChoice={(next) => {
          setChoice(next)
          setError(null)
        }}
        onCustom={(next) => {
          setCustom(next)
          setError(null)
        }}
      />
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger btn-block" onClick={confirm} disabled={deleteTrip.isPending}>
          Delete Trip
        </button>
      </div>
    </Dialog>
  )
}
