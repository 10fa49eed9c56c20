import type { components } from '@/generated/api'

/**
 * The trip's standing SOS of others, as the host and active members see it on the trip sheet
 * (GET /api/trip/sos/{trip_id}/standing): who, and since when in India's time, as the trip's times are.
 */
export type StandingSos = components['schemas']['StandingSos']
export type StandingSosList = components['schemas']['StandingSosList']

const CLOCK = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' })

/** "2026-05-14T14:12:00+00:00" -> "7:42 PM"; nothing for a time it cannot read. */
export function sinceClock(since: string): string {
  const when = new Date(since)
  return Number.isNaN(when.getTime()) ? '' : CLOCK.format(when)
}
