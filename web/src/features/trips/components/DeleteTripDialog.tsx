import { useState } from 'react'
import { useDeleteTrip } from '../api/trips'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { LIMITS, MESSAGES, PATTERNS } from '@/generated/rules'
import { errorMessage } from '@/lib/api'

export const DELETE_REASONS = ['Did not find a match', 'Do not understand how to use the app'] as const
const CUSTOM = 'custom'

/** Checks a delete reason; null when it can be sent. */
export function deleteReasonError(choice: string, custom: string): string | null {
  if (choice !== CUSTOM) return DELETE_REASONS.includes(choice as (typeof DELETE_REASONS)[number]) ? null : MESSAGES.REASON_SELECT
  if (!custom.trim()) return MESSAGES.REASON_SELECT
  if (!new RegExp(PATTERNS.FREE_TEXT).test(custom)) return MESSAGES.NOTE_CHARACTERS
  return null
}

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
    deleteTrip.mutate(choice === CUSTOM ? custom.trim() : choice, {
      onSuccess: ({ message }) => {
        toast.success(message)
        onDeleted()
      },
      onError: (failure) => toast.error(`Cannot delete trip. ${errorMessage(failure).replace(/\.$/, '')}.`),
    })
  }

  return (
    <Dialog open={open} title="Delete Trip" onClose={onClose} testId="delete-trip-dialog">
      <fieldset style={{ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        <legend className="field-label" style={{ marginBottom: 8 }}>
          Why are you deleting this trip?
        </legend>
        {[...DELETE_REASONS, CUSTOM].map((reason) => (
          <label key={reason} style={{ display: 'flex', alignItems: 'center', gap: 10, minHeight: 40 }}>
            <input
              type="radio"
              name="delete-reason"
              checked={choice === reason}
              onChange={() => {
                setChoice(reason)
                setError(null)
              }}
              style={{ width: 20, height: 20, flex: 'none', accentColor: 'var(--color-primary)' }}
            />
            {reason === CUSTOM ? 'Other reason' : reason}
          </label>
        ))}
      </fieldset>
      {choice === CUSTOM && (
        <div className="field">
          <label className="field-label" htmlFor="delete-custom-reason">
            Your reason
          </label>
          <textarea
            id="delete-custom-reason"
            className="input"
            style={{ padding: '10px 14px', minHeight: 80 }}
            maxLength={LIMITS.TRIP_NOTE_MAX_LENGTH}
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value)
              setError(null)
            }}
          />
        </div>
      )}
      <p className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </p>
      <div style={{ display: 'flex', gap: 12 }}>
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
