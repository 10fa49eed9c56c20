import { useHostDecision } from '../api/join'
import { REMOVE_REASONS, type Passenger } from '../model/join'
import { ReasonDialog } from './ReasonDialog'
import { toast } from '@/components/toast'

type RemoveMemberDialogProps = {
  tripId: number
  member: Passenger | null
  onClose: () => void
  /** Said before removing when it will count as a late cancellation (model/late-cancel.ts). */
  warning?: string | null
}

/** 'Remove from Trip' with a required reason (SPEC §5 remove-member reasons, §8 'Removed Successfully'). */
export function RemoveMemberDialog({ tripId, member, onClose, warning }: RemoveMemberDialogProps) {
  const decide = useHostDecision(tripId)
  return (
    <ReasonDialog
      open={member != null}
      title="Remove from Trip"
      testId="remove-member-dialog"
      legend={`Why are you removing ${member?.name ?? 'this member'}? (required)`}
      presets={REMOVE_REASONS}
      customLabel="Custom reason"
      dismissLabel="Cancel"
      actionLabel="Remove"
      warning={warning}
      pending={decide.isPending}
      onClose={onClose}
      onConfirm={(note) => {
        if (!member) return
        decide.mutate(
          { memberId: member.id, action: 'REMOVE', note },
          {
            onSuccess: () => {
              toast.success('Removed Successfully')
              onClose()
            },
            onError: () => toast.error('Error Removing'),
          },
        )
      }}
    />
  )
}
