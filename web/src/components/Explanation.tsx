import { useState } from 'react'
import { Dialog } from './Dialog'
import styles from './Explanation.module.css'
import { HelpIcon } from './icons'
import { SafeHtml } from './SafeHtml'
import { useT } from '@/i18n'

type ExplanationProps = {
  /** The configuration's heading: the dialog's title and the button's name. */
  heading: string
  /** The configuration's HTML, drawn through the safe renderer. */
  content: string
  size?: number
  className?: string
  testId?: string
}

/** An info button beside a figure that opens the configuration's explanation of it (SPEC §3 Config). */
export function Explanation({ heading, content, size = 18, className, testId }: ExplanationProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={`icon-button ${styles.info} ${className ?? ''}`}
        aria-label={heading}
        title={heading}
        onClick={(event) => {
          event.preventDefault()
          event.stopPropagation()
          setOpen(true)
        }}
      >
        <HelpIcon size={size} />
      </button>
      <Dialog open={open} title={heading} onClose={() => setOpen(false)} testId={testId}>
        <SafeHtml html={content} className={styles.content} />
        <button type="button" className="btn btn-primary btn-block" onClick={() => setOpen(false)}>
          {t('common.gotIt')}
        </button>
      </Dialog>
    </>
  )
}
