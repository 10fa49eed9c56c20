import type { TripStage } from '../api/safety'
import { indiaWallTime } from '@/components/trip/india-time'
import { formatClock, isoToDdMmYyyy, scheduleParts } from '@/components/trip/trip'
import type { Key } from '@/i18n'
import '@/i18n/catalogs/en/safety'

/** How long the live trip page waits before reading the trip again. */
export const SHARED_TRIP_REFRESH_MS = 30_000

export const STAGE_LABELS = {
  upcoming: 'safety.upcoming',
  under_way: 'safety.underWay',
  completed: 'safety.completed',
  cancelled: 'safety.cancelled',
} as const satisfies Record<TripStage, Key>

const HAS_ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/

/** "14-05-2026 · 9:05 AM" in India time, whether the time names its zone or is India's wall clock already. */
export function tripWhen(scheduledAt: string): string {
  const { date, time } = HAS_ZONE.test(scheduledAt.trim())
    ? indiaWallTime(Date.parse(scheduledAt))
    : scheduleParts(scheduledAt)
  return `${isoToDdMmYyyy(date)} · ${formatClock(time)}`
}
