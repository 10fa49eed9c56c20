import { describe, expect, it } from 'vitest'
import { repeatSummary } from './commutes'

describe('a commute', () => {
  it('is summed up by its weekdays, Monday first, and its time', () => {
    expect(repeatSummary([5, 1, 3], '08:30', (time) => time)).toBe('Mon, Wed, Fri at 08:30')
  })
})
