import { describe, expect, it } from 'vitest'
import { callbackBody } from './screens'

describe('the LinkedIn callback', () => {
  it('passes on the code and state, or the refusal', () => {
    expect(callbackBody(new URLSearchParams('code=c1&state=s1'))).toEqual({ code: 'c1', state: 's1' })
    expect(
      callbackBody(new URLSearchParams('error=user_cancelled_login&error_description=The+user+cancelled&state=s2')),
    ).toEqual({ state: 's2', error: 'user_cancelled_login', error_description: 'The user cancelled' })
    expect(callbackBody(new URLSearchParams('code=c1'))).toBeNull()
  })
})
