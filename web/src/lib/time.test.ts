import { describe, expect, it } from 'vitest'
import {
  dobRange,
  formatCountdown,
  maskDdMmYyyy,
  parseDdMmYyyy,
  relativeTime,
} from './time'

describe('formatCountdown', () => {
  it('shows minutes and seconds with two digits each', () => {
    expect(formatCountdown(60)).toBe('01:00')
    expect(formatCountdown(75)).toBe('01:15')
    expect(formatCountdown(9)).toBe('00:09')
    expect(formatCountdown(-3)).toBe('00:00')
  })
})

describe('parseDdMmYyyy', () => {
  it('reads real calendar dates only', () => {
    expect(parseDdMmYyyy('29-02-2024')?.getDate()).toBe(29)
    expect(parseDdMmYyyy('29-02-2023')).toBeNull()
    expect(parseDdMmYyyy('31-04-2000')).toBeNull()
    expect(parseDdMmYyyy('2000-01-01')).toBeNull()
  })
})

describe('maskDdMmYyyy', () => {
  it('puts the dashes in while typing and drops anything but digits', () => {
    expect(maskDdMmYyyy('0')).toBe('0')
    expect(maskDdMmYyyy('010')).toBe('01-0')
    expect(maskDdMmYyyy('01011990')).toBe('01-01-1990')
    expect(maskDdMmYyyy('01/01/19905')).toBe('01-01-1990')
  })
})

describe('dobRange', () => {
  it('runs from 100 years ago to today', () => {
    const { min, max } = dobRange(new Date(2025, 5, 15, 18, 30))
    expect(min).toEqual(new Date(1925, 5, 15))
    expect(max).toEqual(new Date(2025, 5, 15))
  })
})

describe('relativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z')
  const ago = (seconds: number, locale: 'en' | 'hi' | 'kn' = 'en') =>
    relativeTime(new Date(now.getTime() - seconds * 1000), locale, now)

  it('says the largest whole unit, with a month of 30 days', () => {
    expect(ago(30)).toBe('now')
    expect(ago(60)).toBe('1 minute ago')
    expect(ago(5 * 60)).toBe('5 minutes ago')
    expect(ago(3 * 3600)).toBe('3 hours ago')
    expect(ago(86400)).toBe('yesterday')
    expect(ago(2 * 86400)).toBe('2 days ago')
    expect(ago(30 * 86400)).toBe('last month')
    expect(ago(400 * 86400)).toBe('last year')
    expect(ago(800 * 86400)).toBe('2 years ago')
  })

  it('speaks Hindi and Kannada, with Latin digits', () => {
    expect(ago(5 * 60, 'hi')).toBe('5 मिनट पहले')
    expect(ago(3 * 3600, 'kn')).toBe('3 ಗಂಟೆಗಳ ಹಿಂದೆ')
    expect(ago(30, 'kn')).toBe('ಈಗ')
  })
})
