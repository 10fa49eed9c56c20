import type { TripStage } from '../api/safety'
import { tripWhen } from '@/components/trip/trip'
import type { Key } from '@/i18n'
import { fromIndiaWallTime } from '@/i18n/format'
import type { Format } from '@/i18n/useFormat'
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

/** "14 May 2026 · 9:05 am" in India time and the language, whether the time names its zone or is India's wall clock. */
export const sharedTripWhen = (scheduledAt: string, format: Pick<Format, 'date' | 'time'>): string =>
  tripWhen(HAS_ZONE.test(scheduledAt.trim()) ? new Date(scheduledAt) : fromIndiaWallTime(scheduledAt), format)
