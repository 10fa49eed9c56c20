import type { ReactNode } from 'react'
import styles from './JoinDialogs.module.css'
import { PersonButton, type PersonAction } from '@/components/person'

type ProfileButtonProps = {
  person: { id: number; name: string | null; booked_through?: string | null }
  actions?: readonly PersonAction[]
  className?: string
  decorative?: boolean
  children: ReactNode
}

/** A person's avatar or name on a trip, opening their profile sheet (PersonButton). A network rider, booked through
 * a buyer app, has no profile in the app to open: theirs is the name alone, beside its "Booked through" mark. */
export function ProfileButton({ person, actions, className, decorative, children }: ProfileButtonProps) {
  if (!person.booked_through) {
    return (
      <PersonButton person={person} actions={actions} className={className} decorative={decorative}>
        {children}
      </PersonButton>
    )
  }
  return (
    <span className={`${styles.noProfile} ${className ?? ''}`} aria-hidden={decorative || undefined} data-testid="network-rider">
      {children}
    </span>
  )
}
