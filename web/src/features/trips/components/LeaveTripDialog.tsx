import { usePassengerDecision } from '../api/join'
import { LEAVE_REASONS } from '../model/join'
import { ReasonDialog } from './ReasonDialog'
import { toast } from '@/components/toast'
import { errorMessage } from '@/lib/api'

type LeaveTripDialogProps = {
  tripId: number
  mode: 'leave' | 'cancel'
  open: boolean
  onClose: () => void
  /** Said before leaving when it will count as a late cancellation (model/late-cancel.ts). */
  warning?: string | null
}

const COPY = {
  leave: { title: 'Leave Trip', legend: 'Why are you leaving this trip?', action: 'LEAVE' },
  cancel: { title: 'Cancel Request', legend: 'Why are you cancelling your request?', action: 'REVOKE_REQUEST' },
} as const

/** Leave Trip (an active member) or Cancel Request (a pending one), with a reason (SPEC §5 leave reasons). */
export function LeaveTripDialog({ tripId, mode, open, onClose, warning }: LeaveTripDialogProps) {
  const decide = usePassengerDecision(tripId)
  const copy = COPY[mode]
  return (
    <ReasonDialog
      open={open}
      title={copy.title}
      testId="leave-trip-dialog"
      legend={copy.legend}
      presets={LEAVE_REASONS}
      customLabel="Other reason"
      dismissLabel="Back"
      actionLabel={copy.title}
      warning={warning}
      pending={decide.isPending}
      onClose={onClose}
      onConfirm={(note) =>
        decide.mutate(
          { action: copy.action, note },
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
    />
  )
}
