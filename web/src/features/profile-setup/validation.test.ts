import { describe, expect, it } from 'vitest'
import { validateDob, validateName, validateReferralCode, validateSex } from './validation'

describe('validateName', () => {
  it('requires a name', () => {
    expect(validateName('  ')).toBe('Name is required')
  })

  it('allows letters with single spaces', () => {
    expect(validateName('Asha Rao')).toBeNull()
    expect(validateName(' Asha ')).toBeNull()
  })

  it('refuses digits, symbols and double spaces', () => {
    expect(validateName('Asha2')).toBe('Enter a valid name')
    expect(validateName('Asha  Rao')).toBe('Enter a valid name')
    expect(validateName('Asha-Rao')).toBe('Enter a valid name')
  })
})

describe('validateSex', () => {
  it('requires a choice', () => {
    expect(validateSex('')).toBe('Sex is required')
    expect(validateSex('FEMALE')).toBeNull()
  })
})

describe('validateDob', () => {
  const today = new Date(2025, 5, 15)

  it('requires a date', () => {
    expect(validateDob('', today)).toBe('Date of birth is required')
  })

  it('accepts a real date within the last 100 years', () => {
    expect(validateDob('01-01-1990', today)).toBeNull()
    expect(validateDob('15-06-1925', today)).toBeNull()
    expect(validateDob('15-06-2025', today)).toBeNull()
  })

  it('refuses future dates, dates over 100 years ago and impossible dates', () => {
    expect(validateDob('16-06-2025', today)).toBe('Enter a valid date of birth')
    expect(validateDob('14-06-1925', today)).toBe('Enter a valid date of birth')
    expect(validateDob('31-02-1990', today)).toBe('Enter a valid date of birth')
    expect(validateDob('1990-01-01', today)).toBe('Enter a valid date of birth')
  })
})

describe('validateReferralCode', () => {
  it('is optional', () => {
    expect(validateReferralCode('')).toBeNull()
  })

  it('takes 5 to 20 letters or digits', () => {
    expect(validateReferralCode('ASHA2025')).toBeNull()
    expect(validateReferralCode('AB12')).toBe('Enter a valid referral code')
    expect(validateReferralCode('A'.repeat(21))).toBe('Enter a valid referral code')
    expect(validateReferralCode('ASHA-2025')).toBe('Enter a valid referral code')
  })
})
