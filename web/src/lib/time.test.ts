import { describe, expect, it } from 'vitest'
import {
  chatListTime,
  dobRange,
  formatCountdown,
  maskDdMmYyyy,
  notificationTime,
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
  const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now)

  it('uses m, h, d, mo and y, with a month of 30 days', () => {
    expect(ago(30)).toBe('just now')
    expect(ago(5 * 60)).toBe('5m ago')
    expect(ago(3 * 3600)).toBe('3h ago')
    expect(ago(2 * 86400)).toBe('2d ago')
    expect(ago(30 * 86400)).toBe('1mo ago')
    expect(ago(400 * 86400)).toBe('1y ago')
  })
})

describe('chat list time', () => {
  const now = new Date(2026, 4, 14, 10, 0)
  it('shows the clock time under 24 hours', () => {
    expect(chatListTime(new Date(2026, 4, 14, 9, 5), now)).toBe('9:05 AM')
    expect(chatListTime(new Date(2026, 4, 13, 10, 30), now)).toBe('10:30 AM')
  })
  it("shows 'Yesterday' under 48 hours", () => {
    expect(chatListTime(new Date(2026, 4, 13, 9, 0), now)).toBe('Yesterday')
  })
  it('shows DD/MM/YY after that', () => {
    expect(chatListTime(new Date(2026, 4, 12, 9, 0), now)).toBe('12/05/26')
  })
})

describe('notificationTime', () => {
  const now = new Date('2025-06-15T12:00:00Z')
  const ago = (seconds: number) => notificationTime(new Date(now.getTime() - seconds * 1000), now)

  it("says 'N hours ago' under a day and the short form otherwise", () => {
    expect(ago(20 * 60)).toBe('20m ago')
    expect(ago(3600)).toBe('1 hour ago')
    expect(ago(5 * 3600 + 59 * 60)).toBe('5 hours ago')
    expect(ago(23 * 3600 + 59 * 60)).toBe('23 hours ago')
    expect(ago(86400)).toBe('1d ago')
    expect(ago(65 * 86400)).toBe('2mo ago')
    expect(ago(800 * 86400)).toBe('2y ago')
  })
})
