import { LIMITS } from '@/generated/rules'
import { htmlLangOf, languageOf, type Locale } from '@/i18n/languages'

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

/** Each unit from the largest down, with its length in seconds (a month is 30 days). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
]

/**
 * How long ago, in the language: "5 minutes ago", "5 मिनट पहले", "5 ನಿಮಿಷಗಳ ಹಿಂದೆ"; "now" under a minute, "yesterday"
 * for a day (Intl.RelativeTimeFormat, so each language says it its own way and counts with its own plurals).
 */
export function relativeTime(then: Date, locale: Locale, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000))
  const format = new Intl.RelativeTimeFormat(`${htmlLangOf(languageOf(locale))}-u-nu-latn`, { numeric: 'auto' })
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit)
  }
  return format.format(0, 'second')
}
