import { describe, expect, it } from 'vitest'
import { rupees, vendorError, withoutStop, withStop } from './booking'
import { MESSAGES } from '@/generated/rules'
import english from '@/i18n/catalogs/en/cab'
import { formatMoney } from '@/i18n/format'

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
    const money = (amount: number) => formatMoney(amount, 'en')
    expect(vendorError(null)).toBe('cab.vendorRequired')
    expect(vendorError('citycab')).toBeNull()
    expect(rupees(1234.5, money)).toBe('₹1,235')
    expect(rupees(1234.49, money)).toBe('₹1,234')
    expect(rupees(123456, money)).toBe('₹1,23,456')
  })

  it("says the domain rules' sentences word for word in English", () => {
    expect(english.issueRequired).toBe(MESSAGES.CAB_ISSUE_REQUIRED)
    expect(english.issueCharacters).toBe(MESSAGES.ISSUE_CHARACTERS)
    expect(english.reasonCharacters).toBe(MESSAGES.REASON_CHARACTERS)
    expect(english.vendorRequired).toBe(MESSAGES.CAB_VENDOR_REQUIRED)
    expect(english.tripNotFound).toBe(MESSAGES.TRIP_NOT_FOUND)
    expect(english.requestFailed).toBe(MESSAGES.CAB_REQUEST_FAILED)
  })
})
