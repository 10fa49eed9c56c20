/** A person's record as hosts read it (trips completed, late cancellations, no-shows). */
export type ReliabilityRecord = { completed_trips: number; late_cancellations: number; no_shows: number }

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** '12 trips · 1 late cancel': the trips always, the others when there are any. */
export function reliabilityLine(record: ReliabilityRecord): string {
  const parts = [counted(record.completed_trips, 'trip', 'trips')]
  if (record.late_cancellations > 0) parts.push(counted(record.late_cancellations, 'late cancel', 'late cancels'))
  if (record.no_shows > 0) parts.push(counted(record.no_shows, 'no-show', 'no-shows'))
  return parts.join(' · ')
}
