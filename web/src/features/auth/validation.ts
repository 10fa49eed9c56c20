import { MESSAGES, PATTERNS } from '@/generated/rules'

const PHONE = new RegExp(PATTERNS.PHONE)

/** The error to show for a mobile number, or null when it is a valid Indian mobile number. */
export function validatePhone(value: string): string | null {
  const phone = value.trim()
  if (!phone) return MESSAGES.PHONE_REQUIRED
  if (!PHONE.test(phone)) return MESSAGES.PHONE_INVALID
  return null
}

/** Keeps what a phone field may hold: at most 10 digits. */
export const phoneDigits = (value: string, maxLength: number): string => value.replace(/\D/g, '').slice(0, maxLength)
