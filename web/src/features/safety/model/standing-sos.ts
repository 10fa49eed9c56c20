import type { components } from '@/generated/api'
import type { Format } from '@/i18n/useFormat'

/**
 * The trip's standing SOS of others, as the host and active members see it on the trip sheet
 * (GET /api/trip/sos/{trip_id}/standing): who, and since when in India's time, as the trip's times are.
 */
export type StandingSos = components['schemas']['StandingSos']
export type StandingSosList = components['schemas']['StandingSosList']

/** "2026-05-14T14:12:00+00:00" -> "7:42 pm" (India time, the language's way); nothing for a time it cannot read. */
export function sinceClock(since: string, format: Pick<Format, 'time'>): string {
  const when = new Date(since)
  return Number.isNaN(when.getTime()) ? '' : format.time(when)
}
