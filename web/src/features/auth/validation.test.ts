import { describe, expect, it } from 'vitest'
import { phoneDigits, validatePhone } from './validation'

describe('validatePhone', () => {
  it('requires a number', () => {
    expect(validatePhone('')).toBe('auth.phoneRequired')
    expect(validatePhone('   ')).toBe('auth.phoneRequired')
  })

  it('accepts 10 digits starting with 6 to 9', () => {
    expect(validatePhone('9876543210')).toBeNull()
    expect(validatePhone('6000000000')).toBeNull()
  })

  it('refuses other numbers', () => {
    for (const phone of ['5876543210', '987654321', '98765432101', '98765x3210']) {
      expect(validatePhone(phone)).toBe('auth.phoneInvalid')
    }
  })
})

describe('phoneDigits', () => {
  it('keeps at most ten digits', () => {
    expect(phoneDigits('+91 98765-43210', 10)).toBe('9198765432')
    expect(phoneDigits('98a76', 10)).toBe('9876')
  })
})
