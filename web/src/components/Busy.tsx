import styles from './Busy.module.css'

/** Something under way, said politely to screen readers: a spinner and what is happening. */
export function Busy({ text }: { text: string }) {
  return (
    <div className={styles.busy} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{text}</p>
    </div>
  )
}
