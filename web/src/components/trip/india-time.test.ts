import { describe, expect, it } from 'vitest'
import { indiaWallTime, nextIsoDate } from './india-time'

// 2026-03-31 20:15 UTC is 2026-04-01 01:45 in India.
const NOW = Date.UTC(2026, 2, 31, 20, 15)

describe('India time', () => {
  it('reads the wall clock in India whatever the device zone', () => {
    expect(indiaWallTime(NOW)).toEqual({ date: '2026-04-01', time: '01:45' })
  })

  it('finds the next day across months and years', () => {
    expect(nextIsoDate('2026-02-28')).toBe('2026-03-01')
    expect(nextIsoDate('2026-12-31')).toBe('2027-01-01')
  })
})
