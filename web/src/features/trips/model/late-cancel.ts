import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/** India time is UTC+05:30 with no daylight saving; trip times are written in it. */
const INDIA_OFFSET_MS = 330 * 60_000

/** The instant of a trip's "YYYY-MM-DD HH:MM" (India time); NaN when it cannot be read. */
export function departureInstant(scheduledAt: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(scheduledAt.trim())
  if (!match) return Number.NaN
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  return Date.UTC(year, month - 1, day, hour, minute) - INDIA_OFFSET_MS
}

/** As the reliability record counts it (domain/rules/reliability.py is_late): departure not passed and within the window. */
export function isLateCancellation(scheduledAt: string, windowSeconds: number, now: number = Date.now()): boolean {
  const ahead = departureInstant(scheduledAt) - now
  return ahead >= 0 && ahead <= windowSeconds * 1000
}

/** '2 hours', '90 minutes', '1 hour'. */
export function windowWords(windowSeconds: number, t: Translate): string {
  const minutes = Math.round(windowSeconds / 60)
  return minutes % 60 === 0 ? t('trips.hours', { count: minutes / 60 }) : t('trips.minutes', { count: minutes })
}

export type LateMove = 'leave' | 'remove' | 'delete'

const WARNINGS = {
  leave: 'trips.lateLeave',
  remove: 'trips.lateRemove',
  delete: 'trips.lateDelete',
} as const satisfies Record<LateMove, string>

/**
 * What to say before a move that will count as a late cancellation on the record, or null when it will not:
 * leaving or removing a member inside the window, or deleting a trip that has members besides the host.
 */
export function lateCancelWarning(
  move: LateMove,
  trip: { scheduled_at: string; active_passenger_count: number },
  windowSeconds: number,
  t: Translate,
  now: number = Date.now(),
): string | null {
  if (!isLateCancellation(trip.scheduled_at, windowSeconds, now)) return null
  if (move === 'delete' && trip.active_passenger_count <= 1) return null
  return t(WARNINGS[move], { window: windowWords(windowSeconds, t) })
}
