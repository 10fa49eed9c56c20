import type { PendingLogin } from '@/lib/storage'

/** Seconds before the server sends this number another code (its resend gap); 0 once it will. */
export function secondsUntilResend(login: PendingLogin, now: number): number {
  return Math.max(0, Math.ceil((login.requested_at + login.resend_after_seconds * 1000 - now) / 1000))
}

/** Whether the code already sent to this number is the one to type: the same number asked again inside the resend gap,
 * which the server would refuse, goes back to the code screen instead. */
export function codeStillComing(login: PendingLogin | null, mobileNumber: string, now: number): boolean {
  return login != null && login.mobile_number === mobileNumber && secondsUntilResend(login, now) > 0
}
