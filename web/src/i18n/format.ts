/**
 * Numbers, money, dates and times the Indian way in each language, through Intl: lakh grouping (₹1,00,000), Latin
 * digits (as apps in India write them), 12-hour times, and every date and time in India's zone (Asia/Kolkata).
 */
import { htmlLangOf, languageOf, type Locale } from './languages'

export const INDIA_TIME_ZONE = 'Asia/Kolkata'

/** The Intl locale of a language, with Latin digits whatever the language's own. */
const intlLocale = (locale: Locale): string => `${htmlLangOf(languageOf(locale))}-u-nu-latn`

/** Kannada's Intl data groups thousands (1,000,000); India writes lakhs (10,00,000) in every language. */
const numberLocale = (locale: Locale): string => (languageOf(locale) === 'kn' ? 'en-IN-u-nu-latn' : intlLocale(locale))

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined
  if (!found) {
    found = make()
    cache.set(key, found)
  }
  return found
}

/** 100000 -> "1,00,000"; 2.5 -> "2.5". */
export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  const key = `n|${locale}|${JSON.stringify(options)}`
  return cached(key, () => new Intl.NumberFormat(numberLocale(locale), options)).format(value)
}

/** 100000 -> "₹1,00,000"; paise only when there are any: 99.5 -> "₹99.50". */
export function formatMoney(rupees: number, locale: Locale): string {
  const whole = Number.isInteger(rupees)
  return formatNumber(rupees, locale, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })
}

export type Instant = Date | number | string

/** "2026-05-14 09:05" (how the API writes a trip's India time) or "2026-05-14": that moment in India. */
export function fromIndiaWallTime(text: string): Date {
  const [date = '', time = '00:00'] = text.trim().split(/[ T]/)
  return new Date(`${date}T${time.slice(0, 5)}:00+05:30`)
}

const toDate = (instant: Instant): Date => (instant instanceof Date ? instant : new Date(instant))

export type DateStyle = 'short' | 'medium' | 'long' | 'weekday'

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
}

const dateTimeFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () =>
    new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: INDIA_TIME_ZONE }),
  )

/** The India date of a moment: "14 May 2026" (medium), "14/05/2026" (short), "14 मई 2026" in Hindi. */
export const formatDate = (instant: Instant, locale: Locale, style: DateStyle = 'medium'): string =>
  dateTimeFormat(locale, DATE_OPTIONS[style]).format(toDate(instant))

/** The India time of a moment on a 12-hour clock: "9:05 am". */
export const formatTime = (instant: Instant, locale: Locale): string =>
  dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true }).format(toDate(instant))

/** "14 May 2026, 9:05 am". */
export const formatDateTime = (instant: Instant, locale: Locale, style: DateStyle = 'medium'): string =>
  dateTimeFormat(locale, { ...DATE_OPTIONS[style], hour: 'numeric', minute: '2-digit', hour12: true }).format(
    toDate(instant),
  )

/** The plural category of a count in the language ("one", "other"…), as catalogs' plural messages are chosen. */
export const pluralCategory = (count: number, locale: Locale): Intl.LDMLPluralRule =>
  cached(`p|${locale}`, () => new Intl.PluralRules(intlLocale(locale))).select(count)
