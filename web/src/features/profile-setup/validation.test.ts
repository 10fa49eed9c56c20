import { describe, expect, it } from 'vitest'
import { validateDob, validateName, validateReferralCode, validateSex } from './validation'
import { MESSAGES } from '@/generated/rules'
import english from '@/i18n/catalogs/en/profileSetup'

describe('validateName', () => {
  it('requires a name', () => {
    expect(validateName('  ')).toBe('profileSetup.nameRequired')
  })

  it('allows letters with single spaces', () => {
    expect(validateName('Asha Rao')).toBeNull()
    expect(validateName(' Asha ')).toBeNull()
  })

  it('refuses digits, symbols and double spaces', () => {
    expect(validateName('Asha2')).toBe('profileSetup.nameInvalid')
    expect(validateName('Asha  Rao')).toBe('profileSetup.nameInvalid')
    expect(validateName('Asha-Rao')).toBe('profileSetup.nameInvalid')
  })
})

describe('validateSex', () => {
  it('requires a choice', () => {
    expect(validateSex('')).toBe('profileSetup.sexRequired')
    expect(validateSex('FEMALE')).toBeNull()
  })
})

describe('validateDob', () => {
  const today = new Date(2025, 5, 15)

  it('requires a date', () => {
    expect(validateDob('', today)).toBe('profileSetup.dobRequired')
  })

  it('accepts a real date within the last 100 years', () => {
    expect(validateDob('01-01-1990', today)).toBeNull()
    expect(validateDob('15-06-1925', today)).toBeNull()
    expect(validateDob('15-06-2025', today)).toBeNull()
  })

  it('refuses future dates, dates over 100 years ago and impossible dates', () => {
    expect(validateDob('16-06-2025', today)).toBe('profileSetup.dobInvalid')
    expect(validateDob('14-06-1925', today)).toBe('profileSetup.dobInvalid')
    expect(validateDob('31-02-1990', today)).toBe('profileSetup.dobInvalid')
    expect(validateDob('1990-01-01', today)).toBe('profileSetup.dobInvalid')
  })
})

describe('validateReferralCode', () => {
  it('is optional', () => {
    expect(validateReferralCode('')).toBeNull()
  })

  it('takes 5 to 20 letters or digits', () => {
    expect(validateReferralCode('ASHA2025')).toBeNull()
    expect(validateReferralCode('AB12')).toBe('profileSetup.referralCodeInvalid')
    expect(validateReferralCode('A'.repeat(21))).toBe('profileSetup.referralCodeInvalid')
    expect(validateReferralCode('ASHA-2025')).toBe('profileSetup.referralCodeInvalid')
  })
})

describe("the form's English", () => {
  it("says the domain rules' sentences word for word", () => {
    expect(english.nameRequired).toBe(MESSAGES.NAME_REQUIRED)
    expect(english.nameInvalid).toBe(MESSAGES.NAME_INVALID)
    expect(english.nameLocked).toBe(MESSAGES.NAME_LOCKED_AFTER_KYC)
    expect(english.sexRequired).toBe(MESSAGES.SEX_REQUIRED)
    expect(english.dobRequired).toBe(MESSAGES.DOB_REQUIRED)
    expect(english.dobInvalid).toBe(MESSAGES.DOB_INVALID)
    expect(english.dobLocked).toBe(MESSAGES.DOB_LOCKED_AFTER_KYC)
    expect(english.referralCodeInvalid).toBe(MESSAGES.REFERRAL_CODE_INVALID)
    expect(english.imageInvalid).toBe(MESSAGES.IMAGE_INVALID)
    expect(english.nothingUpdated).toBe(MESSAGES.NOTHING_UPDATED)
  })
})
