import { LIMITS } from '@/generated/rules'

/** India has one zone and no daylight saving: UTC+05:30. Trip times are written and compared in it. */
const INDIA_OFFSET_MS = 330 * 60_000

const pad = (value: number) => String(value).padStart(2, '0')

export type WallTime = { date: string; time: string }

/** The India wall-clock date ("YYYY-MM-DD") and time ("HH:MM") of an instant. */
export function indiaWallTime(instant: number = Date.now()): WallTime {
  const shifted = new Date(instant + INDIA_OFFSET_MS)
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  }
}

/** Wall times sort as text: "2026-05-14 09:05" < "2026-05-14 10:00". */
export const wallText = ({ date, time }: WallTime): string => `${date} ${time}`

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

/** The day after an India date. */
export function nextIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  const next = new Date(Date.UTC(year, month - 1, day + 1))
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}
