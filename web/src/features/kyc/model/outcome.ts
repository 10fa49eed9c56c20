import type { User } from '@/lib/session'
import '@/i18n/catalogs/en/kyc'

/** The statuses the vendor's widget returns with (SPEC §4 KYC outcomes). */
export const WIDGET_OUTCOMES = ['auto_approved', 'auto_declined', 'needs_review', 'user_cancelled', 'error'] as const
export type WidgetOutcome = (typeof WIDGET_OUTCOMES)[number]

export const isWidgetOutcome = (status: string | null): status is WidgetOutcome =>
  (WIDGET_OUTCOMES as readonly string[]).includes(status ?? '')

/** The screen each widget outcome leads to. */
export const OUTCOME_SCREENS: Record<WidgetOutcome, string> = {
  auto_approved: 'processing',
  auto_declined: 'rejected',
  needs_review: 'review',
  user_cancelled: 'cancelled',
  error: 'error',
}

/** The progress screen polls every 3 s and gives up after 20 s; success is shown 5 s after approval. */
export const PROCESSING_POLL_MS = 3000
export const PROCESSING_TIMEOUT_MS = 20_000
export const APPROVED_PAUSE_MS = 5000
/** The review screen looks again 4 times, 1 s apart. */
export const REVIEW_LOOKS = 4
export const REVIEW_LOOK_MS = 1000

/** The statuses that have not ended yet: the server has no word from the vendor, or a person reviews the case. */
const WAITING_STATUSES: readonly string[] = ['initiated', 'needs_review']

/**
 * Whether the review screen looks at the person again after `looks` looks: only while the application is still
 * waiting (the server may not have the vendor's word yet, or the case sits in manual review) and fewer than 4 looks
 * were taken.
 */
export const reviewLooksAgain = (status: User['kyc_status'] | undefined, looks: number): boolean =>
  looks < REVIEW_LOOKS && WAITING_STATUSES.includes(status ?? '')

/** Where the person's verification, as the server has it now, sends the progress screen; null to keep waiting. */
export function processingNext(user: Pick<User, 'kyc_status' | 'is_kyc_verified'>): 'success' | 'rejected' | 'error' | 'review' | 'cancelled' | null {
  if (user.is_kyc_verified || user.kyc_status === 'approved') return 'success'
  switch (user.kyc_status) {
    case 'rejected':
      return 'rejected'
    case 'error':
      return 'error'
    case 'cancelled':
      return 'cancelled'
    case 'needs_review':
      return 'review'
    default:
      return null
  }
}

/** The screens a verification ends on: the catalog keys of their titles and of the spec's words when the server has
 * none. */
export const ENDINGS = {
  rejected: { title: 'kyc.rejectedTitle', message: 'kyc.failed' },
  error: { title: 'kyc.errorTitle', message: 'kyc.failed' },
  cancelled: { title: 'kyc.cancelledTitle', message: 'kyc.notFinished' },
} as const

export type KycEnding = keyof typeof ENDINGS

export const isKycEnding = (outcome: string): outcome is KycEnding => Object.hasOwn(ENDINGS, outcome)

/** What an ending screen says: the server's message when the person's status is that ending, else the spec's words
 * (the catalog key of ENDINGS). */
export function endingMessage(
  ending: KycEnding,
  user: Pick<User, 'kyc_status' | 'kyc_message'>,
): { said: string } | { key: (typeof ENDINGS)[KycEnding]['message'] } {
  return user.kyc_status === ending && user.kyc_message ? { said: user.kyc_message } : { key: ENDINGS[ending].message }
}
