import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, csrfCookie, errorMessage, request } from './api'
import { reply, serveAnswers } from '@/testing/server'

const answer = (status: number, body: unknown) => () => reply(body, status)

describe('request', () => {
  beforeEach(() => {
    document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })

  afterEach(() => vi.restoreAllMocks())

  it('returns the message and data of a SUCCESS envelope', async () => {
    const sent = serveAnswers(answer(200, { status: 'SUCCESS', message: 'ok', data: { is_logged_in: true } }))
    const fetching = vi.spyOn(globalThis, 'fetch')
    await expect(request('/api/auth/session')).resolves.toEqual({ message: 'ok', data: { is_logged_in: true } })
    expect(fetching.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin', method: 'GET' })
    expect(sent).toMatchObject([{ method: 'GET', url: '/api/auth/session' }])
    expect(sent[0].headers.get('Accept')).toBe('application/json')
  })

  it('throws the server message with the status on a FAILURE envelope', async () => {
    document.cookie = 'csrf_token=abc123; path=/'
    serveAnswers(answer(401, { status: 'FAILURE', message: 'Invalid OTP. Please try again.' }))
    const error = await request('/api/auth/login', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Invalid OTP. Please try again.' })
  })

  it('refuses an action offline before anything is sent, with a clear reason', async () => {
    const sent = serveAnswers(() => HttpResponse.error())
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const error = await request('/api/trip/trip', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(errorMessage(error)).toBe('You are offline, so this was not sent. Try again once you are back online.')
    expect(sent).toHaveLength(0)
    // A read offline that cannot reach the server says why, too.
    expect(errorMessage(await request('/api/user/user').catch((caught: unknown) => caught))).toBe(
      'You are offline, so this was not sent. Try again once you are back online.',
    )
    expect(sent).toMatchObject([{ method: 'GET', url: '/api/user/user' }])
  })

  it('falls back to a generic message when the answer is not an envelope', async () => {
    serveAnswers(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }))
    const error = await request('/api/user/user').catch((caught: unknown) => caught)
    expect(errorMessage(error)).toBe('Some error occur!')
  })

  it('sends the CSRF cookie as a header on unsafe methods, fetching the session first when it is missing', async () => {
    const sent = serveAnswers(
      () => {
        document.cookie = 'csrf_token=abc123; path=/'
        return reply({ status: 'SUCCESS', message: '', data: { is_logged_in: false } })
      },
      answer(200, { status: 'SUCCESS', message: 'OTP sent successfully', data: {} }),
    )

    await request('/api/auth/otp', { method: 'POST', body: { mobile_number: '9876543210' } })

    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/auth/session' })
    expect(sent[1]).toMatchObject({ method: 'POST', url: '/api/auth/otp', body: { mobile_number: '9876543210' } })
    expect(sent[1].headers.get('X-CSRF-Token')).toBe('abc123')
    expect(sent[1].headers.get('Content-Type')).toBe('application/json')
  })

  it('renews an expired CSRF cookie once and sends the action again', async () => {
    document.cookie = 'csrf_token=stale; path=/'
    const sent = serveAnswers(
      answer(403, { status: 'FAILURE', message: 'Refused', message_id: 'CSRF_REFUSED' }),
      () => {
        document.cookie = 'csrf_token=fresh; path=/'
        return reply({ status: 'SUCCESS', message: '', data: { is_logged_in: true } })
      },
      answer(200, { status: 'SUCCESS', message: 'Saved', data: null }),
    )
    await expect(request('/api/user/user', { method: 'PUT', body: {} })).resolves.toMatchObject({ message: 'Saved' })
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'PUT /api/user/user',
      'GET /api/auth/session',
      'PUT /api/user/user',
    ])
    expect(sent[0].headers.get('X-CSRF-Token')).toBe('stale')
    expect(sent[2].headers.get('X-CSRF-Token')).toBe('fresh')
  })

  it('reads the __Host- prefixed CSRF cookie a production origin sets', async () => {
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => 'other=1; __Host-csrf_token=prod456' })
    try {
      expect(csrfCookie()).toBe('prod456')
      const sent = serveAnswers(answer(200, { status: 'SUCCESS', message: 'OK', data: {} }))
      await request('/api/auth/logout', { method: 'POST' })
      expect(sent[0].headers.get('X-CSRF-Token')).toBe('prod456')
    } finally {
      delete (document as unknown as { cookie?: string }).cookie
    }
  })
})

describe('answers index.html fetched before the app started', () => {
  const early = () => window as unknown as { __earlyAnswers?: Record<string, Promise<Response>> }

  afterEach(() => {
    delete early().__earlyAnswers
  })

  it('serve the first GET of their path, and the next one asks the server', async () => {
    early().__earlyAnswers = {
      '/api/user/user': Promise.resolve(reply({ status: 'SUCCESS', message: 'OK', data: { id: 7 } })),
    }
    const sent = serveAnswers(answer(200, { status: 'SUCCESS', message: 'OK', data: { id: 8 } }))
    await expect(request('/api/user/user')).resolves.toEqual({ message: 'OK', data: { id: 7 } })
    expect(sent).toHaveLength(0)
    await expect(request('/api/user/user')).resolves.toEqual({ message: 'OK', data: { id: 8 } })
    expect(sent).toHaveLength(1)
  })

  it('keep their refusals: a signed-out visitor still gets the 401', async () => {
    early().__earlyAnswers = {
      '/api/user/user': Promise.resolve(reply({ status: 'FAILURE', message: 'Please login' }, 401)),
    }
    const error = await request('/api/user/user').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
  })

  it('are never used for a change', async () => {
    document.cookie = 'csrf_token=abc123; path=/'
    early().__earlyAnswers = { '/api/user/user': Promise.resolve(reply({ status: 'SUCCESS', message: 'OK' })) }
    const sent = serveAnswers(answer(200, { status: 'SUCCESS', message: 'Saved', data: null }))
    await expect(request('/api/user/user', { method: 'PUT', body: {} })).resolves.toMatchObject({ message: 'Saved' })
    expect(sent).toHaveLength(1)
  })
})
