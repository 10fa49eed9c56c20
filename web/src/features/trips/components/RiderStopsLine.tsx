import styles from './JoinDialogs.module.css'
import type { Passenger } from '../model/join'
import { riderStopsLine } from '@/components/trip/rider-stops'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/** "Joins at X · leaves at Y · +6 min": where a rider joins and leaves the trip, and what it adds. */
export function RiderStopsLine({ person, className }: { person: Passenger; className?: string }) {
  const t = useT()
  const line = riderStopsLine(person, t)
  if (!line) return null
  return (
    <span className={className} data-testid="rider-stops">
      {line}
    </span>
  )
}

/** The trip sheet's riders, each with where they join and leave; nothing when the trip says nothing of it. */
export function RiderStopsList({ people }: { people: Passenger[] }) {
  const t = useT()
  const lines = people.flatMap((person) => {
    const line = riderStopsLine(person, t)
    return line ? [{ id: person.id, name: person.name ?? t('trips.rider'), line }] : []
  })
  if (lines.length === 0) return null
  return (
    <ul className={styles.stops} aria-label={t('trips.whereRidersJoin')} data-testid="rider-stops-list">
      {lines.map(({ id, name, line }) => (
        <li key={id}>
          <span className={styles.stopsName}>{name}:</span> {line}
        </li>
      ))}
    </ul>
  )
}
