import { LIMITS } from '@/generated/rules'

const pad = (value: number) => String(value).padStart(2, '0')

/** 75 -> "01:15" (the resend countdown). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds))
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`
}

/** "DD-MM-YYYY" -> a local date, or null when the text is not a real calendar date. */
export function parseDdMmYyyy(text: string): Date | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim())
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(year, month - 1, day)
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null
  return date
}

export const formatDdMmYyyy = (date: Date): string =>
  `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`

/** The value format of <input type="date">. */
export const formatIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

export function parseIsoDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  return match ? parseDdMmYyyy(`${match[3]}-${match[2]}-${match[1]}`) : null
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate())

/** Dates of birth run from 100 years ago up to today. */
export function dobRange(today: Date = new Date()): { min: Date; max: Date } {
  const max = startOfDay(today)
  const min = new Date(max.getFullYear() - LIMITS.DOB_MAX_YEARS_BACK, max.getMonth(), max.getDate())
  return { min, max }
}

/** Typing help for the DD-MM-YYYY field: keeps digits and puts the dashes in. */
export function maskDdMmYyyy(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('-')
}

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/** "5m ago", "3h ago", "2d ago", "1mo ago", "1y ago" (a month is 30 days). */
export function relativeTime(then: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  if (seconds < MINUTE) return 'just now'
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h ago`
  if (seconds < MONTH) return `${Math.floor(seconds / DAY)}d ago`
  if (seconds < YEAR) return `${Math.floor(seconds / MONTH)}mo ago`
  return `${Math.floor(seconds / YEAR)}y ago`
}

/** "9:05 AM" in the device's time zone. */
export function formatClockTime(date: Date): string {
  const hours = date.getHours()
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
}

/** The chat list's time (SPEC §9): the clock time under 24 h, 'Yesterday' under 48 h, else DD/MM/YY. */
export function chatListTime(then: Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - then.getTime()
  if (elapsed < DAY * 1000) return formatClockTime(then)
  if (elapsed < 2 * DAY * 1000) return 'Yesterday'
  return `${pad(then.getDate())}/${pad(then.getMonth() + 1)}/${pad(then.getFullYear() % 100)}`
}

/** A notification's age (SPEC §9): 'N hours ago' from one hour up to a day, the short relative form otherwise. */
export function notificationTime(then: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  if (seconds >= HOUR && seconds < DAY) {
    const hours = Math.floor(seconds / HOUR)
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`
  }
  return relativeTime(then, now)
}
