import { describe, expect, it } from 'vitest'
import { callbackBody, callbackFailureMessage } from './screens'
import { MESSAGES } from '@/generated/rules'
import english from '@/i18n/catalogs/en/linkedin'
import { ApiError } from '@/lib/api'

describe('the LinkedIn callback', () => {
  it('passes on the code and state, or the refusal', () => {
    expect(callbackBody(new URLSearchParams('code=c1&state=s1'))).toEqual({ code: 'c1', state: 's1' })
    expect(
      callbackBody(new URLSearchParams('error=user_cancelled_login&error_description=The+user+cancelled&state=s2')),
    ).toEqual({ state: 's2', error: 'user_cancelled_login', error_description: 'The user cancelled' })
    expect(callbackBody(new URLSearchParams('code=c1'))).toBeNull()
  })

  it("shows the server's message, or the spec words when there is none", () => {
    expect(callbackFailureMessage(new ApiError(MESSAGES.LINKEDIN_STATE_INVALID, 400))).toEqual({
      said: MESSAGES.LINKEDIN_STATE_INVALID,
    })
    expect(callbackFailureMessage(new ApiError('The user cancelled LinkedIn login', 400))).toEqual({
      said: 'The user cancelled LinkedIn login',
    })
    expect(callbackFailureMessage(new ApiError('', 500))).toEqual({ key: 'linkedin.verifyFailed' })
    expect(callbackFailureMessage(new ApiError(MESSAGES.FALLBACK_ERROR, 0))).toEqual({ key: 'linkedin.unexpected' })
    expect(callbackFailureMessage(new TypeError('boom'))).toEqual({ key: 'linkedin.unexpected' })
    expect(MESSAGES.LINKEDIN_VERIFY_FAILED).toBe('An error occurred while verifying your account.')
    expect(MESSAGES.LINKEDIN_UNEXPECTED).toBe('An unexpected error occurred.')
  })

  it("says the domain rules' sentences word for word in English", () => {
    expect(english.linked).toBe(MESSAGES.LINKEDIN_LINKED)
    expect(english.verifyFailed).toBe(MESSAGES.LINKEDIN_VERIFY_FAILED)
    expect(english.unexpected).toBe(MESSAGES.LINKEDIN_UNEXPECTED)
  })
})
