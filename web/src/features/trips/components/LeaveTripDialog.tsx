import { useState } from 'react'
import { usePassengerDecision } from '../api/join'
import { chosenReason, LEAVE_REASONS, reasonError } from '../model/join'
import styles from './JoinDialogs.module.css'
import { ReasonPicker } from './ReasonPicker'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { errorMessage } from '@/lib/api'

type LeaveTripDialogProps = { tripId: number; mode: 'leave' | 'cancel'; open: boolean; onClose: () => void }

const COPY = {
  leave: { title: 'Leave Trip', legend: 'Why are you leaving this trip?', action: 'LEAVE' },
  cancel: { title: 'Cancel Request', legend: 'Why are you cancelling your request?', action: 'REVOKE_REQUEST' },
} as const

/** Leave Trip (an active member) or Cancel Request (a pending one), with a reason (SPEC §5 leave reasons). */
export function LeaveTripDialog({ tripId, mode, open, onClose }: LeaveTripDialogProps) {
  const [choice, setChoice] = useState<string>(LEAVE_REASONS[0])
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const decide = usePassengerDecision(tripId)
  const copy = COPY[mode]

  const confirm = () => {
    const problem = reasonError(LEAVE_REASONS, choice, custom)
    setError(problem)
    if (problem) return
    decide.mutate(
      { action: copy.action, note: chosenReason(choice, custom) },
      {
        onSuccess: ({ message }) => {
          toast.success(message)
          onClose()
        },
        onError: (failure) =>
          toast.error(mode === 'leave' ? `Cannot Leave Trip : ${errorMessage(failure)}` : errorMessage(failure)),
      },
    )
  }

  return (
    <Dialog open={open} title={copy.title} onClose={onClose} testId="leave-trip-dialog">
      <ReasonPicker
        legend={copy.legend}
        presets={LEAVE_REASONS}
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
          Back
        </button>
        <button type="button" className="btn btn-danger btn-block" onClick={confirm} disabled={decide.isPending}>
          {copy.title}
        </button>
      </div>
    </Dialog>
  )
}
