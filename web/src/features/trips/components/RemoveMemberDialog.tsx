import { useHostDecision } from '../api/join'
import { REMOVE_REASONS, type Passenger } from '../model/join'
import { ReasonDialog } from './ReasonDialog'
import { toast } from '@/components/toast'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

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
  const t = useT()
  return (
    <ReasonDialog
      open={member != null}
      title={t('trips.removeFromTrip')}
      testId="remove-member-dialog"
      legend={t('trips.removeWhy', { name: member?.name ?? t('trips.thisMember') })}
      presets={REMOVE_REASONS}
      customLabel={t('trips.customReason')}
      dismissLabel={t('trips.cancel')}
      actionLabel={t('trips.remove')}
      warning={warning}
      pending={decide.isPending}
      onClose={onClose}
      onConfirm={(note) => {
        if (!member) return
        decide.mutate(
          { memberId: member.id, action: 'REMOVE', note },
          {
            onSuccess: () => {
              toast.success(t('trips.removedSuccessfully'))
              onClose()
            },
            onError: () => toast.error(t('trips.errorRemoving')),
          },
        )
      }}
    />
  )
}
