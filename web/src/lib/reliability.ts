import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/person'

/** A person's record as hosts read it (trips completed, late cancellations, no-shows). */
export type ReliabilityRecord = { completed_trips: number; late_cancellations: number; no_shows: number }

/** '12 trips · 1 late cancel' in the language: the trips always, the others when there are any. */
export function reliabilityLine(record: ReliabilityRecord, t: Translate): string {
  const parts = [t('person.recordTrips', { count: record.completed_trips })]
  if (record.late_cancellations > 0) parts.push(t('person.recordLateCancels', { count: record.late_cancellations }))
  if (record.no_shows > 0) parts.push(t('person.recordNoShows', { count: record.no_shows }))
  return parts.join(' · ')
}
