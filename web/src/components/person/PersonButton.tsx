import type { ReactNode } from 'react'
import styles from './PersonSheet.module.css'
import { openPerson, type PersonAction } from './person-sheet-store'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/person'

type PersonButtonProps = {
  person: { id: number; name: string | null }
  /** Decisions offered in the sheet (a host's Accept / Decline). */
  actions?: readonly PersonAction[]
  className?: string
  /** A second way to the same sheet beside the named one (an avatar next to the name): taps open it, but it is left
   * out of the tab order and of what screen readers read, so the person is announced once. */
  decorative?: boolean
  children: ReactNode
}

/** A person's avatar or name that opens their profile sheet; named "{name}'s profile" for screen readers. */
export function PersonButton({ person, actions, className, decorative, children }: PersonButtonProps) {
  const t = useT()
  return (
    <button
      type="button"
      className={`${styles.personButton} ${className ?? ''}`}
      aria-label={decorative ? undefined : t('person.profileOf', { name: person.name ?? t('person.someone') })}
      aria-hidden={decorative || undefined}
      tabIndex={decorative ? -1 : undefined}
      data-testid="person-button"
      onClick={(event) => {
        // A person inside a link (a notification, a card) opens their sheet, not the link.
        event.preventDefault()
        event.stopPropagation()
        openPerson({ id: person.id, name: person.name, actions })
      }}
    >
      {children}
    </button>
  )
}
