import type { ReactNode } from 'react'
import styles from './EmptyState.module.css'

type EmptyStateProps = { title: string; description?: string; illustration?: ReactNode; children?: ReactNode }

export function EmptyState({ title, description, illustration, children }: EmptyStateProps) {
  return (
    <section className={styles.empty}>
      {illustration && <div className={styles.illustration}>{illustration}</div>}
      <h2 className={styles.title}>{title}</h2>
      {description && <p className="muted">{description}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  )
}
