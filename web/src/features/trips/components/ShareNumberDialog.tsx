import styles from './JoinDialogs.module.css'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { LIMITS } from '@/generated/rules'
import { useCurrentUser } from '@/lib/session'
import { copyNotAllowed, copyText } from '@/lib/share'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type ShareNumberDialogProps = { open: boolean; onClose: () => void }

/** "+91 98765 43210" */
export const displayNumber = (mobileNumber: string): string =>
  `${LIMITS.COUNTRY_CODE} ${mobileNumber.slice(0, 5)} ${mobileNumber.slice(5)}`

/**
 * Share Number (host menu): the host confirms before their own number is shown and copied, ready to pass on to
 * the members.
 */
export function ShareNumberDialog({ open, onClose }: ShareNumberDialogProps) {
  const user = useCurrentUser()
  const number = displayNumber(user.mobile_number)
  const t = useT()

  // A refused clipboard leaves the dialog open, the number in sight to copy by hand.
  const copy = async () => {
    if (!(await copyText(number))) {
      toast.error(copyNotAllowed(t))
      return
    }
    toast.success(t('trips.numberCopied'))
    onClose()
  }

  return (
    <Dialog open={open} title={t('trips.shareNumber')} onClose={onClose} testId="share-number-dialog">
      <p className={styles.lead}>{t('trips.shareNumberLead')}</p>
      <p className={styles.number} data-testid="own-number">
        {number}
      </p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('trips.cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={() => void copy()}>
          {t('trips.copyNumber')}
        </button>
      </div>
    </Dialog>
  )
}
