import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { otherUserQueryOptions } from './person-api'
import { type OpenPerson, type PersonAction } from './person-sheet-store'
import { ProfileCard } from './ProfileCard'
import styles from './PersonSheet.module.css'
import { Dialog } from '@/components/Dialog'
import { useI18n } from '@/i18n'
import { errorMessage } from '@/lib/api'
import '@/i18n/catalogs/en/person'

type PersonSheetProps = { person: OpenPerson; onClose: () => void }

export function PersonSheet({ person, onClose }: PersonSheetProps) {
  const { t, message } = useI18n()
  const card = useQuery(otherUserQueryOptions(person.id))
  const title = t('person.profileOf', { name: person.name ?? card.data?.name ?? t('person.someone') })
  return (
    <Dialog open title={title} hideTitle variant="sheet" onClose={onClose} testId="person-sheet">
      <div className={styles.body}>
        {card.data ? (
          <ProfileCard person={card.data} headingLevel="h3" />
        ) : card.error ? (
          <p role="alert" className={styles.loading}>
            {message(errorMessage(card.error))}
          </p>
        ) : (
          <p role="status" className={styles.loading}>
            {t('person.loading')}
          </p>
        )}
        {person.actions && person.actions.length > 0 && card.data && (
          <SheetActions actions={person.actions} onDone={onClose} />
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('common.back')}
        </button>
      </div>
    </Dialog>
  )
}

function SheetActions({ actions, onDone }: { actions: readonly PersonAction[]; onDone: () => void }) {
  const [busy, setBusy] = useState(false)
  const hintId = useId()
  const hint = actions.find((action) => action.disabled && action.hint)?.hint
  const run = async (action: PersonAction) => {
    setBusy(true)
    try {
      await action.run()
      onDone()
    } catch {
      // The screen that offered the action has already said what went wrong.
      setBusy(false)
    }
  }
  return (
    <>
      <div className={styles.actions}>
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`btn ${action.kind === 'primary' ? 'btn-primary' : 'btn-secondary'} btn-block`}
            disabled={busy || action.disabled}
            aria-label={action.name}
            aria-describedby={action.disabled && action.hint ? hintId : undefined}
            onClick={() => void run(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </>
  )
}
