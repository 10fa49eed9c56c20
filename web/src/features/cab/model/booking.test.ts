import { describe, expect, it } from 'vitest'
import { rupees, vendorError, withoutStop, withStop } from './booking'
import { MESSAGES } from '@/generated/rules'

const stop = (id: string) => ({ place_id: id, label: id })

describe('cab booking', () => {
  it('keeps at most three different stops', () => {
    let stops = [stop('a'), stop('b')]
    stops = withStop(stops, stop('a'))
    expect(stops).toHaveLength(2)
    stops = withStop(withStop(stops, stop('c')), stop('d'))
    expect(stops.map((each) => each.place_id)).toEqual(['a', 'b', 'c'])
    expect(withoutStop(stops, 'b').map((each) => each.place_id)).toEqual(['a', 'c'])
  })

  it('needs a vendor and shows fares in rupees', () => {
    expect(vendorError(null)).toBe(MESSAGES.CAB_VENDOR_REQUIRED)
    expect(vendorError('citycab')).toBeNull()
    expect(rupees(1234.5)).toBe('₹1,235')
    expect(rupees(1234.49)).toBe('₹1,234')
  })
})
