import { describe, expect, it } from 'vitest'
import { sinceClock } from './standing-sos'

describe('since when an SOS stands', () => {
  it('is said in India time, whatever the device is set to', () => {
    expect(sinceClock('2026-05-14T14:12:00+00:00')).toBe('7:42 PM')
    expect(sinceClock('2026-05-14T00:05:00Z')).toBe('5:35 AM')
  })

  it('says nothing for a time it cannot read', () => {
    expect(sinceClock('not a time')).toBe('')
  })
})
