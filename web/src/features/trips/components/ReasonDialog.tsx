import { useState } from 'react'
import { chosenReason, reasonError } from '../model/join'
import styles from './JoinDialogs.module.css'
import { ReasonPicker } from './ReasonPicker'
import { Dialog } from '@/components/Dialog'
import { useT } from '@/i18n'

type ReasonDialogProps = {
  open: boolean
  title: string
  testId: string
  legend: string
  presets: readonly string[]
  /** The label of the write-your-own choice. */
  customLabel: string
  /** The button that closes the dialog without acting. */
  dismissLabel: string
  actionLabel: string
  /** Said above the reasons before the action is confirmed (a late cancellation on the record). */
  warning?: string | null
  pending: boolean
  onClose: () => void
  /** Called with the chosen reason once it is valid (SPEC §5 reasons). */
  onConfirm: (reason: string) => void
}

/** A destructive action that needs a reason: the reasons, a way back, the action. Opens afresh every time. */
export function ReasonDialog({ open, title, testId, onClose, ...form }: ReasonDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} testId={testId}>
      <ReasonForm onClose={onClose} {...form} />
    </Dialog>
  )
}

type ReasonFormProps = Omit<ReasonDialogProps, 'open' | 'title' | 'testId'>

function ReasonForm({
  legend,
  presets,
  customLabel,
  dismissLabel,
  actionLabel,
  warning,
  pending,
  onClose,
  onConfirm,
}: ReasonFormProps) {
  const [choice, setChoice] = useState<string>(presets[0])
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const t = useT()

  const confirm = () => {
    const problem = reasonError(presets, choice, custom, t)
    setError(problem)
    if (!problem) onConfirm(chosenReason(choice, custom))
  }

  return (
    <>
      {warning && (
        <p className={styles.lateWarning} data-testid="late-cancel-warning">
          {warning}
        </p>
      )}
      <ReasonPicker
        legend={legend}
        presets={presets}
        customLabel={customLabel}
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
          {dismissLabel}
        </button>
        <button type="button" className="btn btn-danger btn-block" onClick={confirm} disabled={pending}>
          {actionLabel}
        </button>
      </div>
    </>
  )
}
