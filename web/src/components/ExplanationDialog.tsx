import { Dialog } from './Dialog'
import styles from './Explanation.module.css'
import { SafeHtml } from './SafeHtml'
import { useT } from '@/i18n'

type ExplanationDialogProps = { heading: string; content: string; onClose: () => void; testId?: string }

/** The configuration's explanation of a figure, opened from its info button (./Explanation). */
export function ExplanationDialog({ heading, content, onClose, testId }: ExplanationDialogProps) {
  const t = useT()
  return (
    <Dialog open title={heading} onClose={onClose} testId={testId}>
      <SafeHtml html={content} className={styles.content} />
      <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
        {t('common.gotIt')}
      </button>
    </Dialog>
  )
}
