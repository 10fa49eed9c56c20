import type { ReactNode } from 'react'
import { Link } from 'react-router'
import styles from './MenuRow.module.css'
import { ChevronRightIcon } from '@/components/icons'

type MenuRowProps = { icon: ReactNode; label: string; to?: string; onClick?: () => void; tone?: 'danger' | 'accent'; testId?: string }

export function MenuRow({ icon, label, to, onClick, tone, testId }: MenuRowProps) {
  const content = (
    <>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.label}>{label}</span>
      {!tone && <ChevronRightIcon size={18} className={styles.chevron} />}
    </>
  )
  const className = `${styles.row} ${tone ? styles[tone] : ''}`
  return (
    <li>
      {to ? (
        <Link to={to} className={className} data-testid={testId}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onClick} data-testid={testId}>
          {content}
        </button>
      )}
    </li>
  )
}

export function MenuList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  )
}
