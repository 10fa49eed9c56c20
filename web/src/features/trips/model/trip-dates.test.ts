import { describe, expect, it } from 'vitest'
import { defaultTripTime, isInPast, tripDateRange } from './trip-dates'

// 2026-03-31 20:15 UTC is 2026-04-01 01:45 in India.
const NOW = Date.UTC(2026, 2, 31, 20, 15)

describe("a trip's date and time", () => {
  it('starts a new trip two hours from now, across midnight if need be', () => {
    expect(defaultTripTime(NOW)).toEqual({ date: '2026-04-01', time: '03:45' })
    expect(defaultTripTime(Date.UTC(2026, 2, 31, 17, 0))).toEqual({ date: '2026-04-01', time: '00:30' })
  })

  it('allows dates from today up to five years ahead', () => {
    expect(tripDateRange(NOW)).toEqual({ min: '2026-04-01', max: '2031-04-01' })
  })

  it('knows a past minute from a future one', () => {
    expect(isInPast({ date: '2026-04-01', time: '01:44' }, NOW)).toBe(true)
    expect(isInPast({ date: '2026-04-01', time: '01:45' }, NOW)).toBe(false)
  })
})
