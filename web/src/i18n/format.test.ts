import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, fromIndiaWallTime, pluralCategory } from './format'

// 14 May 2026, 03:35 UTC: 9:05 in the morning in India.
const morning = Date.UTC(2026, 4, 14, 3, 35)

describe('format', () => {
  it('writes money in lakhs with the rupee sign in every language, in Latin digits', () => {
    expect(formatMoney(100000, 'en')).toBe('₹1,00,000')
    expect(formatMoney(100000, 'hi')).toBe('₹1,00,000')
    expect(formatMoney(100000, 'kn')).toBe('₹1,00,000')
    expect(formatMoney(1250.5, 'en')).toBe('₹1,250.50')
  })

  it('groups numbers the Indian way', () => {
    expect(formatNumber(12345678, 'en')).toBe('1,23,45,678')
    expect(formatNumber(12345678, 'kn')).toBe('1,23,45,678')
    expect(formatNumber(2.5, 'hi')).toBe('2.5')
  })

  it('tells the time on a 12-hour clock in India, wherever the device is', () => {
    expect(formatTime(morning, 'en')).toMatch(/^9:05\s?am$/i)
    expect(formatTime(Date.UTC(2026, 4, 14, 12, 0), 'en')).toMatch(/^5:30\s?pm$/i)
    expect(formatTime(morning, 'hi')).toMatch(/9:05/)
    expect(formatTime(morning, 'kn')).toMatch(/9:05/)
    expect(formatTime(morning, 'kn')).not.toMatch(/[०-९೦-೯]/)
  })

  it('writes dates in the language, India time', () => {
    expect(formatDate(morning, 'en')).toBe('14 May 2026')
    expect(formatDate(morning, 'hi')).toBe('14 मई 2026')
    expect(formatDate(morning, 'kn')).toMatch(/ಮೇ/)
    expect(formatDate(morning, 'en', 'short')).toBe('14/05/2026')
    // 23:00 UTC is already the next day in India.
    expect(formatDate(Date.UTC(2026, 4, 14, 23, 0), 'en')).toBe('15 May 2026')
    expect(formatDateTime(morning, 'en')).toMatch(/^14 May 2026,? 9:05\s?am$/i)
  })

  it("reads the API's India wall time as that moment", () => {
    expect(fromIndiaWallTime('2026-05-14 09:05').getTime()).toBe(morning)
    expect(formatTime(fromIndiaWallTime('2026-05-14 21:40'), 'en')).toMatch(/^9:40\s?pm$/i)
  })

  it("chooses plural forms by the language's rules, not by n === 1", () => {
    expect(pluralCategory(1, 'en')).toBe('one')
    expect(pluralCategory(0, 'en')).toBe('other')
    // Hindi says 0 in the singular form.
    expect(pluralCategory(0, 'hi')).toBe('one')
    expect(pluralCategory(2, 'kn')).toBe('other')
  })
})
