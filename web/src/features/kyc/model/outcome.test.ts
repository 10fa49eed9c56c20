import { describe, expect, it } from 'vitest'
import { isWidgetOutcome, OUTCOME_SCREENS, processingNext } from './outcome'

describe('KYC outcomes', () => {
  it('lead each widget outcome to its screen', () => {
    expect(OUTCOME_SCREENS.user_cancelled).toBe('cancelled')
    expect(OUTCOME_SCREENS.error).toBe('error')
    expect(OUTCOME_SCREENS.auto_approved).toBe('processing')
    expect(OUTCOME_SCREENS.auto_declined).toBe('rejected')
    expect(OUTCOME_SCREENS.needs_review).toBe('review')
    expect(isWidgetOutcome('manually_approved')).toBe(false)
    expect(isWidgetOutcome(null)).toBe(false)
  })

  it('keep the progress screen waiting until the server has the vendor word', () => {
    expect(processingNext({ kyc_status: 'initiated', is_kyc_verified: false })).toBeNull()
    expect(processingNext({ kyc_status: 'approved', is_kyc_verified: true })).toBe('success')
    expect(processingNext({ kyc_status: 'rejected', is_kyc_verified: false })).toBe('rejected')
    expect(processingNext({ kyc_status: 'needs_review', is_kyc_verified: false })).toBe('review')
  })
})
