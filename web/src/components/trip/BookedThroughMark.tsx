import styles from './BookedThroughMark.module.css'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type BookedThroughMarkProps = {
  /** The buyer app's ONDC subscriber id (`booked_through`); null for the app's own members, who carry no mark. */
  app: string | null | undefined
  /** A short "via {app}" for tight rows, still heard whole ("Booked through {app}") by a screen reader. */
  compact?: boolean
  className?: string
}

/** A network rider's mark beside their name, on a trip or a notice from them: the buyer app on the open mobility
 * network that booked their seat. */
export function BookedThroughMark({ app, compact = false, className }: BookedThroughMarkProps) {
  const t = useT()
  if (!app) return null
  const whole = t('trips.bookedThrough', { app })
  const classes = [styles.bookedThrough, className].filter(Boolean).join(' ')
  if (!compact) {
    return (
      <span className={classes} data-testid="booked-through">
        {whole}
      </span>
    )
  }
  return (
    <span className={classes} data-testid="booked-through" title={whole}>
      <span aria-hidden="true">{t('trips.bookedVia', { app })}</span>
      <span className="visually-hidden">{whole}</span>
    </span>
  )
}
