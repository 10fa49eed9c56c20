import { PATTERNS } from '@/generated/rules'
import type { Key } from '@/i18n'
import '@/i18n/catalogs/en/auth'

const PHONE = new RegExp(PATTERNS.PHONE)

/** The catalog key of the error to show for a mobile number, or null when it is a valid Indian mobile number. */
export function validatePhone(value: string): Extract<Key, 'auth.phoneRequired' | 'auth.phoneInvalid'> | null {
  const phone = value.trim()
  if (!phone) return 'auth.phoneRequired'
  if (!PHONE.test(phone)) return 'auth.phoneInvalid'
  return null
}

/** Keeps what a phone field may hold: at most 10 digits. */
export const phoneDigits = (value: string, maxLength: number): string => value.replace(/\D/g, '').slice(0, maxLength)
