import { describe, expect, it } from 'vitest'
import { tripWhen } from './shared-trip'

describe('the live trip page’s time', () => {
  it('reads a zoned time in India time', () => {
    expect(tripWhen('2026-05-14T03:35:00Z')).toBe('14-05-2026 · 9:05 AM')
    expect(tripWhen('2026-05-14T09:05:00+05:30')).toBe('14-05-2026 · 9:05 AM')
  })

  it('reads a time without a zone as India’s wall clock', () => {
    expect(tripWhen('2026-05-14 18:30')).toBe('14-05-2026 · 6:30 PM')
    expect(tripWhen('2026-05-14T18:30:00')).toBe('14-05-2026 · 6:30 PM')
  })
})
