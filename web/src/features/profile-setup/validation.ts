import { MESSAGES, PATTERNS } from '@/generated/rules'
import type { Gender } from '@/lib/session'
import { dobRange, parseDdMmYyyy } from '@/lib/time'

const NAME = new RegExp(PATTERNS.NAME)
const REFERRAL_CODE = new RegExp(PATTERNS.REFERRAL_CODE)

export function validateName(value: string): string | null {
  const name = value.trim()
  if (!name) return MESSAGES.NAME_REQUIRED
  if (!NAME.test(name)) return MESSAGES.NAME_INVALID
  return null
}

export function validateSex(value: Gender | '' | null | undefined): string | null {
  return value ? null : MESSAGES.SEX_REQUIRED
}

/** A real DD-MM-YYYY date within the last 100 years, not in the future. */
export function validateDob(value: string, today: Date = new Date()): string | null {
  if (!value.trim()) return MESSAGES.DOB_REQUIRED
  const date = parseDdMmYyyy(value)
  if (!date) return MESSAGES.DOB_INVALID
  const { min, max } = dobRange(today)
  if (date < min || date > max) return MESSAGES.DOB_INVALID
  return null
}

/** Optional: empty is fine, otherwise 5 to 20 letters or digits. */
export function validateReferralCode(value: string): string | null {
  const code = value.trim()
  if (!code) return null
  return REFERRAL_CODE.test(code) ? null : MESSAGES.REFERRAL_CODE_INVALID
}
