import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import styles from './Dialog.module.css'

type DialogProps = {
  open: boolean
  title: string
  /** Without it the dialog cannot be dismissed (no Escape, no backdrop tap). */
  onClose?: () => void
  variant?: 'center' | 'sheet'
  hideTitle?: boolean
  children: ReactNode
  testId?: string
  /** Extra class for the panel (a taller sheet, a wider map). */
  className?: string
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hidden)
}

/**
 * A modal dialog: role=dialog with aria-modal, labelled by its title, focus kept inside, Escape closes it,
 * the page behind is inert and focus returns where it was.
 */
export function Dialog({ open, title, onClose, variant = 'center', hideTitle, children, testId, className }: DialogProps) {
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    if (!open) return
    const previouslyFocused = document.activeElement as HTMLElement | null
    const root = document.getElementById('root')
    root?.setAttribute('inert', '')
    const panel = panelRef.current
    if (panel) (focusables(panel)[0] ?? panel).focus()
    // When the focused control leaves the page (an accepted request's button, say), focus falls to the body and
    // the panel's own key handler no longer hears Escape: the topmost dialog still closes on it.
    const onStrayEscape = (event: globalThis.KeyboardEvent) => {
      const dialogs = document.querySelectorAll('[data-dialog-open]')
      const topmost = dialogs[dialogs.length - 1]
      if (event.key !== 'Escape' || !panel || !topmost?.contains(panel) || panel.contains(document.activeElement)) return
      onCloseRef.current?.()
    }
    document.addEventListener('keydown', onStrayEscape)
    return () => {
      document.removeEventListener('keydown', onStrayEscape)
      if (!document.querySelector('[data-dialog-open]')) root?.removeAttribute('inert')
      previouslyFocused?.focus?.()
    }
  }, [open])

  if (!open) return null

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onCloseRef.current) {
      event.stopPropagation()
      onCloseRef.current()
      return
    }
    if (event.key !== 'Tab' || !panelRef.current) return
    const items = focusables(panelRef.current)
    if (items.length === 0) {
      event.preventDefault()
      return
    }
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className={`${styles.backdrop} ${variant === 'sheet' ? styles.sheetBackdrop : ''}`} data-dialog-open="">
      <div className={styles.scrim} onClick={() => onCloseRef.current?.()} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${variant === 'sheet' ? styles.sheet : styles.panel} ${className ?? ''}`}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {variant === 'sheet' && <div className={styles.grabber} aria-hidden="true" />}
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}
