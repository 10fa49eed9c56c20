/** When a trip may be: its date and time as the forms take them, read on India's clock (@/components/trip/india-time). */
import { indiaWallTime, wallText, type WallTime } from '@/components/trip/india-time'
import { LIMITS } from '@/generated/rules'

export const isInPast = (wall: WallTime, now: number = Date.now()): boolean =>
  wallText(wall) < wallText(indiaWallTime(now))

/** A new trip starts two hours from now by default. */
export const defaultTripTime = (now: number = Date.now()): WallTime => indiaWallTime(now + 2 * 3_600_000)

/** Dates a trip may be on: today up to five years ahead. */
export function tripDateRange(now: number = Date.now()): { min: string; max: string } {
  const today = indiaWallTime(now).date
  const [year, month, day] = today.split('-')
  return { min: today, max: `${Number(year) + LIMITS.DATE_PICKER_MAX_YEARS_AHEAD}-${month}-${day}` }
}

export const isIsoDate = (text: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3])
}

export const isClockTime = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text)
