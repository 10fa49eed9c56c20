import { PATTERNS } from '@/generated/rules'
import type { Key } from '@/i18n'
import type { Gender } from '@/lib/session'
import { dobRange, parseDdMmYyyy } from '@/lib/time'
import '@/i18n/catalogs/en/profileSetup'

const NAME = new RegExp(PATTERNS.NAME)
const REFERRAL_CODE = new RegExp(PATTERNS.REFERRAL_CODE)

/** The catalog key of a field's error; null when the value is fine. */
type FieldError<K extends Key> = K | null

export function validateName(value: string): FieldError<'profileSetup.nameRequired' | 'profileSetup.nameInvalid'> {
  const name = value.trim()
  if (!name) return 'profileSetup.nameRequired'
  if (!NAME.test(name)) return 'profileSetup.nameInvalid'
  return null
}

export function validateSex(value: Gender | '' | null | undefined): FieldError<'profileSetup.sexRequired'> {
  return value ? null : 'profileSetup.sexRequired'
}

/** A real DD-MM-YYYY date within the last 100 years, not in the future. */
export function validateDob(
  value: string,
  today: Date = new Date(),
): FieldError<'profileSetup.dobRequired' | 'profileSetup.dobInvalid'> {
  if (!value.trim()) return 'profileSetup.dobRequired'
  const date = parseDdMmYyyy(value)
  if (!date) return 'profileSetup.dobInvalid'
  const { min, max } = dobRange(today)
  if (date < min || date > max) return 'profileSetup.dobInvalid'
  return null
}

/** Optional: empty is fine, otherwise 5 to 20 letters or digits. */
export function validateReferralCode(value: string): FieldError<'profileSetup.referralCodeInvalid'> {
  const code = value.trim()
  if (!code) return null
  return REFERRAL_CODE.test(code) ? null : 'profileSetup.referralCodeInvalid'
}
