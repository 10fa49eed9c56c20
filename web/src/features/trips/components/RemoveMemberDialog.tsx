import { useState } from 'react'
import { useHostDecision } from '../api/join'
import { chosenReason, reasonError, REMOVE_REASONS, type Passenger } from '../model/join'
import styles from './JoinDialogs.module.css'
import { ReasonPicker } from './ReasonPicker'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'

type RemoveMemberDialogProps = { tripId: number; member: Passenger | null; onClose: () => void }

/** 'Remove from Trip' with a required reason (SPEC §5 remove-member reasons, §8 'Removed Successfully'). */
export function RemoveMemberDialog({ tripId, member, onClose }: RemoveMemberDialogProps) {
  const [choice, setChoice] = useState<string>(REMOVE_REASONS[0])
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const decide = useHostDecision(tripId)

  const close = () => {
    setChoice(REMOVE_REASONS[0])
    setCustom('')
    setError(null)
    onClose()
  }

  const confirm = () => {
    if (!member) return
    const problem = reasonError(REMOVE_REASONS, choice, custom)
    setError(problem)
    if (problem) return
    decide.mutate(
      { memberId: member.id, action: 'REMOVE', note: chosenReason(choice, custom) },
      {
        onSuccess: () => {
          toast.success('Removed Successfully')
          close()
        },
        onError: () => toast.error('Error Removing'),
      },
    )
  }

  return (
    <Dialog open={member != null} title="Remove from Trip" onClose={close} testId="remove-member-dialog">
      <ReasonPicker
        legend={`Why are you removing ${member?.name ?? 'this member'}? (required)`}
        presets={REMOVE_REASONS}
        customLabel="Custom reason"
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
        <button type="button" className="btn btn-secondary btn-block" onClick={close}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger btn-block" onClick={confirm} disabled={decide.isPending}>
          Remove
        </button>
      </div>
    </Dialog>
  )
}
