import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, type DateStyle, type Instant } from './format'
import { useI18n } from './I18nProvider'

/** The format helpers of format.ts in the current language. */
export type Format = {
  number: (value: number, options?: Intl.NumberFormatOptions) => string
  money: (rupees: number) => string
  date: (instant: Instant, style?: DateStyle) => string
  time: (instant: Instant) => string
  dateTime: (instant: Instant, style?: DateStyle) => string
}

export function useFormat(): Format {
  const { locale } = useI18n()
  return {
    number: (value, options) => formatNumber(value, locale, options),
    money: (rupees) => formatMoney(rupees, locale),
    date: (instant, style) => formatDate(instant, locale, style),
    time: (instant) => formatTime(instant, locale),
    dateTime: (instant, style) => formatDateTime(instant, locale, style),
  }
}
