import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, csrfCookie, errorMessage, request } from './api'

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('request', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })

  it('returns the message and data of a SUCCESS envelope', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'SUCCESS', message: 'ok', data: { is_logged_in: true } }))
    await expect(request('/api/auth/session')).resolves.toEqual({ message: 'ok', data: { is_logged_in: true } })
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin', method: 'GET' })
  })

  it('throws the server message with the status on a FAILURE envelope', async () => {
    document.cookie = 'csrf_token=abc123; path=/'
    fetchMock.mockResolvedValueOnce(answer(401, { status: 'FAILURE', message: 'Invalid OTP. Please try again.' }))
    const error = await request('/api/auth/login', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Invalid OTP. Please try again.' })
  })

  it('refuses an action offline before anything is sent, with a clear reason', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      const error = await request('/api/trip/trip', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
      expect(errorMessage(error)).toBe('You are offline, so this was not sent. Try again once you are back online.')
      expect(fetchMock).not.toHaveBeenCalled()
      // A read offline that cannot reach the server says why, too.
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
      expect(errorMessage(await request('/api/user/user').catch((caught: unknown) => caught))).toBe(
        'You are offline, so this was not sent. Try again once you are back online.',
      )
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('falls back to a generic message when the answer is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = await request('/api/user/user').catch((caught: unknown) => caught)
    expect(errorMessage(error)).toBe('Some error occur!')
  })

  it('sends the CSRF cookie as a header on unsafe methods, fetching the session first when it is missing', async () => {
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'csrf_token=abc123; path=/'
      return answer(200, { status: 'SUCCESS', message: '', data: { is_logged_in: false } })
    })
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'SUCCESS', message: 'OTP sent successfully', data: {} }))

    await request('/api/auth/otp', { method: 'POST', body: { mobile_number: '9876543210' } })

    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/session')
    const [path, init] = fetchMock.mock.calls[1]
    expect(path).toBe('/api/auth/otp')
    expect((init?.headers as Record<string, string>)['X-CSRF-Token']).toBe('abc123')
    expect(init?.body).toBe(JSON.stringify({ mobile_number: '9876543210' }))
  })

  it('reads the __Host- prefixed CSRF cookie a production origin sets', async () => {
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => 'other=1; __Host-csrf_token=prod456' })
    try {
      expect(csrfCookie()).toBe('prod456')
      fetchMock.mockResolvedValueOnce(answer(200, { status: 'SUCCESS', message: 'OK', data: {} }))
      await request('/api/auth/logout', { method: 'POST' })
      expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['X-CSRF-Token']).toBe('prod456')
    } finally {
      delete (document as unknown as { cookie?: string }).cookie
    }
  })
})

describe('answers index.html fetched before the app started', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const early = () => window as unknown as { __earlyAnswers?: Record<string, Promise<Response>> }

  beforeEach(() => vi.stubGlobal('fetch', fetchMock))

  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
    delete early().__earlyAnswers
  })

  it('serve the first GET of their path, and the next one asks the server', async () => {
    early().__earlyAnswers = {
      '/api/user/user': Promise.resolve(answer(200, { status: 'SUCCESS', message: 'OK', data: { id: 7 } })),
    }
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'SUCCESS', message: 'OK', data: { id: 8 } }))
    await expect(request('/api/user/user')).resolves.toEqual({ message: 'OK', data: { id: 7 } })
    expect(fetchMock).not.toHaveBeenCalled()
    await expect(request('/api/user/user')).resolves.toEqual({ message: 'OK', data: { id: 8 } })
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('keep their refusals: a signed-out visitor still gets the 401', async () => {
    early().__earlyAnswers = {
      '/api/user/user': Promise.resolve(answer(401, { status: 'FAILURE', message: 'Please login' })),
    }
    const error = await request('/api/user/user').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
  })

  it('are never used for a change', async () => {
    document.cookie = 'csrf_token=abc123; path=/'
    early().__earlyAnswers = { '/api/user/user': Promise.resolve(answer(200, { status: 'SUCCESS', message: 'OK' })) }
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'SUCCESS', message: 'Saved', data: null }))
    await expect(request('/api/user/user', { method: 'PUT', body: {} })).resolves.toMatchObject({ message: 'Saved' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
