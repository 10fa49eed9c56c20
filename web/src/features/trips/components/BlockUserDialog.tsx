import { useId, useState } from 'react'
import { useBlockUser } from '../api/join'
import { blockReasonError } from '../model/join'
import styles from './JoinDialogs.module.css'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

export type BlockTarget = { id: number; name: string | null }

type BlockUserDialogProps = { person: BlockTarget | null; onClose: () => void; onBlocked?: () => void }

const BLOCK_REASON_MAX_LENGTH = 500

/** 'Report & Block User': blocking needs no reason, reporting does (SPEC §5 block dialog, §8 block failure). */
export function BlockUserDialog({ person, onClose, onBlocked }: BlockUserDialogProps) {
  const reasonId = useId()
  const errorId = useId()
  const [reason, setReason] = useState('')
  const [report, setReport] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const block = useBlockUser()
  const t = useT()

  const close = () => {
    setReason('')
    setReport(false)
    setError(null)
    onClose()
  }

  const confirm = () => {
    if (!person) return
    const problem = blockReasonError(reason, report, t)
    setError(problem)
    if (problem) return
    block.mutate(
      { userId: person.id, reason: reason.trim(), report },
      {
        onSuccess: ({ message }) => {
          toast.success(message)
          close()
          onBlocked?.()
        },
        onError: () => toast.error(t('trips.blockFailed')),
      },
    )
  }

  return (
    <Dialog open={person != null} title={t('trips.reportAndBlockUser')} onClose={close} testId="block-user-dialog">
      <p className={styles.lead}>
        {t('trips.blockLead', { name: person?.name ?? t('trips.thisPerson') })}
      </p>
      <div className="field">
        <label className="field-label" htmlFor={reasonId}>
          {t('trips.reason')} {!report && <span className="field-optional">{t('common.optional')}</span>}
        </label>
        <textarea
          id={reasonId}
          className={`input ${styles.textarea}`}
          maxLength={BLOCK_REASON_MAX_LENGTH}
          value={reason}
          required={report}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setReason(event.target.value)
            setError(null)
          }}
        />
        <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
          {error}
        </p>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={report}
          onChange={(event) => {
            setReport(event.target.checked)
            setError(null)
          }}
        />
        {t('trips.report')}
      </label>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={close}>
          {t('trips.cancel')}
        </button>
        <button type="button" className="btn btn-danger btn-block" onClick={confirm} disabled={block.isPending}>
          {report ? t('trips.reportAndBlock') : t('trips.block')}
        </button>
      </div>
    </Dialog>
  )
}
