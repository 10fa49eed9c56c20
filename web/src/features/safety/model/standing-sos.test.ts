import { describe, expect, it } from 'vitest'
import { sinceWords } from './standing-sos'

describe('since when an SOS stands', () => {
  it('is said in India time, whatever the device is set to', () => {
    expect(sinceWords('2026-05-14T14:12:00+00:00')).toBe('since 7:42 PM')
    expect(sinceWords('2026-05-14T00:05:00Z')).toBe('since 5:35 AM')
  })

  it('says nothing for a time it cannot read', () => {
    expect(sinceWords('not a time')).toBe('')
  })
})
