import { describe, expect, it } from 'vitest'
import { defaultTripTime, indiaWallTime, isInPast, nextIsoDate, tripDateRange } from './india-time'

// 2026-03-31 20:15 UTC is 2026-04-01 01:45 in India.
const NOW = Date.UTC(2026, 2, 31, 20, 15)

describe('India time', () => {
  it('reads the wall clock in India whatever the device zone', () => {
    expect(indiaWallTime(NOW)).toEqual({ date: '2026-04-01', time: '01:45' })
  })

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

  it('finds the next day across months and years', () => {
    expect(nextIsoDate('2026-02-28')).toBe('2026-03-01')
    expect(nextIsoDate('2026-12-31')).toBe('2027-01-01')
  })
})
