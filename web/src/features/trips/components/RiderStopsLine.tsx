import styles from './JoinDialogs.module.css'
import type { Passenger } from '../model/join'
import { riderStopsLine } from '@/components/trip/along'

/** "Joins at X · leaves at Y · +6 min": where a rider joins and leaves the trip, and what it adds. */
export function RiderStopsLine({ person, className }: { person: Passenger; className?: string }) {
  const line = riderStopsLine(person)
  if (!line) return null
  return (
    <span className={className} data-testid="rider-stops">
      {line}
    </span>
  )
}

/** The trip sheet's riders, each with where they join and leave; nothing when the trip says nothing of it. */
export function RiderStopsList({ people }: { people: Passenger[] }) {
  const lines = people.flatMap((person) => {
    const line = riderStopsLine(person)
    return line ? [{ id: person.id, name: person.name ?? 'Rider', line }] : []
  })
  if (lines.length === 0) return null
  return (
    <ul className={styles.stops} aria-label="Where riders join and leave" data-testid="rider-stops-list">
      {lines.map(({ id, name, line }) => (
        <li key={id}>
          <span className={styles.stopsName}>{name}:</span> {line}
        </li>
      ))}
    </ul>
  )
}
