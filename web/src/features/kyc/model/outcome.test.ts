import { describe, expect, it } from 'vitest'
import {
  endingMessage,
  isKycEnding,
  isWidgetOutcome,
  OUTCOME_SCREENS,
  processingNext,
  REVIEW_LOOKS,
  reviewLooksAgain,
} from './outcome'
import { MESSAGES } from '@/generated/rules'
import english from '@/i18n/catalogs/en/kyc'

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
    expect(processingNext({ kyc_status: null, is_kyc_verified: false })).toBeNull()
    expect(processingNext({ kyc_status: 'approved', is_kyc_verified: true })).toBe('success')
    expect(processingNext({ kyc_status: 'rejected', is_kyc_verified: false })).toBe('rejected')
    expect(processingNext({ kyc_status: 'error', is_kyc_verified: false })).toBe('error')
    expect(processingNext({ kyc_status: 'cancelled', is_kyc_verified: false })).toBe('cancelled')
    expect(processingNext({ kyc_status: 'needs_review', is_kyc_verified: false })).toBe('review')
  })

  it('let the review screen look again at most 4 times, only while the application waits', () => {
    expect(REVIEW_LOOKS).toBe(4)
    expect(reviewLooksAgain('needs_review', 1)).toBe(true)
    expect(reviewLooksAgain('initiated', 3)).toBe(true)
    expect(reviewLooksAgain('needs_review', 4)).toBe(false)
    expect(reviewLooksAgain('approved', 1)).toBe(false)
    expect(reviewLooksAgain('rejected', 1)).toBe(false)
    expect(reviewLooksAgain(null, 1)).toBe(false)
  })

  it('name only the three ending screens', () => {
    expect(['rejected', 'error', 'cancelled'].every(isKycEnding)).toBe(true)
    expect(isKycEnding('success')).toBe(false)
    expect(isKycEnding('toString')).toBe(false)
    expect(isKycEnding('constructor')).toBe(false)
  })

  it("say the server's message for the person's own ending, else the spec words", () => {
    expect(endingMessage('rejected', { kyc_status: 'rejected', kyc_message: 'Document unreadable' })).toEqual({
      said: 'Document unreadable',
    })
    expect(endingMessage('rejected', { kyc_status: 'initiated', kyc_message: null })).toEqual({ key: 'kyc.failed' })
    expect(endingMessage('error', { kyc_status: 'rejected', kyc_message: 'Document unreadable' })).toEqual({
      key: 'kyc.failed',
    })
    expect(endingMessage('cancelled', { kyc_status: null, kyc_message: null })).toEqual({ key: 'kyc.notFinished' })
    expect(MESSAGES.KYC_FAILED).toBe('KYC could not be completed, attempt again with correct details')
    expect(MESSAGES.KYC_NOT_FINISHED).toBe('Oh oh! You did not finish the KYC, please re-initiate the flow!')
  })

  it("say the domain rules' sentences word for word in English", () => {
    expect(english.failed).toBe(MESSAGES.KYC_FAILED)
    expect(english.notFinished).toBe(MESSAGES.KYC_NOT_FINISHED)
    expect(english.underReview).toBe(MESSAGES.KYC_UNDER_REVIEW)
  })
})
