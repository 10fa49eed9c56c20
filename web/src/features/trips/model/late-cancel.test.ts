import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { departureInstant, isLateCancellation, lateCancelWarning, windowWords } from './late-cancel'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

// 2026-04-01 10:00 in India.
const NOW = Date.UTC(2026, 3, 1, 4, 30)
const TWO_HOURS = 7200

describe('late cancellation', () => {
  it('reads the trip time as India time', () => {
    expect(departureInstant('2026-04-01 10:00')).toBe(NOW)
    expect(departureInstant('not a time')).toBeNaN()
  })

  it('is late from the window before departure up to departure, as the record counts it', () => {
    expect(isLateCancellation('2026-04-01 12:00', TWO_HOURS, NOW)).toBe(true)
    expect(isLateCancellation('2026-04-01 10:00', TWO_HOURS, NOW)).toBe(true)
    expect(isLateCancellation('2026-04-01 12:01', TWO_HOURS, NOW)).toBe(false)
    expect(isLateCancellation('2026-04-01 09:59', TWO_HOURS, NOW)).toBe(false)
  })

  it('names the window in words', () => {
    expect(windowWords(7200, t)).toBe('2 hours')
    expect(windowWords(3600, t)).toBe('1 hour')
    expect(windowWords(5400, t)).toBe('90 minutes')
  })

  it('warns of leaving and removing inside the window, and of deleting only a trip with members', () => {
    const soon = { scheduled_at: '2026-04-01 11:00', active_passenger_count: 2 }
    expect(lateCancelWarning('leave', soon, TWO_HOURS, t, NOW)).toBe(
      'Leaving within 2 hours of departure will count as a late cancellation on your record.',
    )
    expect(lateCancelWarning('remove', soon, TWO_HOURS, t, NOW)).toBe(
      'Removing a member within 2 hours of departure will count as a late cancellation on your record.',
    )
    expect(lateCancelWarning('delete', soon, TWO_HOURS, t, NOW)).toBe(
      'Deleting a trip with members within 2 hours of departure will count as a late cancellation on your record.',
    )
    expect(lateCancelWarning('delete', { ...soon, active_passenger_count: 1 }, TWO_HOURS, t, NOW)).toBeNull()
    expect(lateCancelWarning('leave', { ...soon, scheduled_at: '2026-04-02 11:00' }, TWO_HOURS, t, NOW)).toBeNull()
  })
})
