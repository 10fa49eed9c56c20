import { describe, expect, it } from 'vitest'
import { reliabilityLine } from './reliability'

describe('the reliability line', () => {
  it('says the trips always and the lapses when there are any', () => {
    expect(reliabilityLine({ completed_trips: 12, late_cancellations: 1, no_shows: 0 })).toBe('12 trips · 1 late cancel')
    expect(reliabilityLine({ completed_trips: 1, late_cancellations: 0, no_shows: 2 })).toBe('1 trip · 2 no-shows')
    expect(reliabilityLine({ completed_trips: 0, late_cancellations: 0, no_shows: 0 })).toBe('0 trips')
  })
})
