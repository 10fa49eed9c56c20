import { lazy, Suspense, useState } from 'react'
import styles from './Explanation.module.css'
import { HelpIcon } from './icons'

// The dialog's code (the dialog, the HTML sanitizer) arrives only when an explanation is first opened: the info
// button is on trip cards, on home's first paint.
const ExplanationDialog = lazy(() =>
  import('./ExplanationDialog').then((module) => ({ default: module.ExplanationDialog })),
)

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
      {open && (
        <Suspense fallback={null}>
          <ExplanationDialog heading={heading} content={content} onClose={() => setOpen(false)} testId={testId} />
        </Suspense>
      )}
    </>
  )
}
