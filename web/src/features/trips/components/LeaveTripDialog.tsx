import { usePassengerDecision } from '../api/join'
import { LEAVE_REASONS } from '../model/join'
import { ReasonDialog } from './ReasonDialog'
import { toast } from '@/components/toast'
import { errorMessage } from '@/lib/api'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type LeaveTripDialogProps = {
  tripId: number
  mode: 'leave' | 'cancel'
  open: boolean
  onClose: () => void
  /** Said before leaving when it will count as a late cancellation (model/late-cancel.ts). */
  warning?: string | null
}

const COPY = {
  leave: { title: 'trips.leaveTrip', legend: 'trips.leaveWhy', action: 'LEAVE' },
  cancel: { title: 'trips.cancelRequest', legend: 'trips.cancelWhy', action: 'REVOKE_REQUEST' },
} as const

/** Leave Trip (an active member) or Cancel Request (a pending one), with a reason (SPEC §5 leave reasons). */
export function LeaveTripDialog({ tripId, mode, open, onClose, warning }: LeaveTripDialogProps) {
  const decide = usePassengerDecision(tripId)
  const copy = COPY[mode]
  const { t, message } = useI18n()
  return (
    <ReasonDialog
      open={open}
      title={t(copy.title)}
      testId="leave-trip-dialog"
      legend={t(copy.legend)}
      presets={LEAVE_REASONS}
      customLabel={t('trips.otherReason')}
      dismissLabel={t('common.back')}
      actionLabel={t(copy.title)}
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
              toast.error(
                mode === 'leave'
                  ? t('trips.cannotLeaveTrip', { error: message(errorMessage(failure)) })
                  : message(errorMessage(failure)),
              ),
          },
        )
      }
    />
  )
}
