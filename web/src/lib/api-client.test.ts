import { describe, expect, it } from 'vitest'
import { call, getData } from './api-client'
import { envelope, reply, serveApi } from '@/testing/server'

describe('the typed API client', () => {
  it('fills in the path parameters, encoded, and sends the declared method and body', async () => {
    document.cookie = 'csrf_token=abc123; path=/'
    const sent = serveApi(() => reply(envelope(null, 'Trip updated')))
    const answer = await call('PUT', '/api/trip/trip/{trip_id}', {
      path: { trip_id: 'a/b' },
      body: { additional_note: 'x' },
    })
    expect(answer).toEqual({ message: 'Trip updated', data: null })
    expect(sent).toMatchObject([{ method: 'PUT', url: '/api/trip/trip/a%2Fb', body: { additional_note: 'x' } }])
  })

  it('leaves empty query values out and keeps commas as written', async () => {
    const sent = serveApi(() => reply(envelope({ trips: [] })))
    const data = await getData('/api/trip/user_trips', {
      query: { status_ids: 'active,requested', type_ids: '', retrieve_past_trips: 0 },
    })
    expect(data).toEqual({ trips: [] })
    expect(sent[0].url).toBe('/api/trip/user_trips?status_ids=active,requested&retrieve_past_trips=0')
  })

  it('sends a path without parameters or query as it is', async () => {
    const sent = serveApi(() => reply(envelope({ is_logged_in: true })))
    await expect(getData('/api/auth/session')).resolves.toEqual({ is_logged_in: true })
    expect(sent).toMatchObject([{ method: 'GET', url: '/api/auth/session', body: null }])
  })
})

/** Never run: each line is a call the OpenAPI document does not allow, which the type check refuses. */
export function refusedByTheTypes() {
  // @ts-expect-error a path the API does not have
  void call('POST', '/api/auth/otpx', { body: { mobile_number: '1' } })
  // @ts-expect-error a method the path does not answer
  void call('GET', '/api/auth/otp')
  // @ts-expect-error a body field the request does not take
  void call('POST', '/api/auth/otp', { body: { mobile: '1' } })
  // @ts-expect-error a body the request needs, missing
  void call('POST', '/api/auth/otp')
  // @ts-expect-error a path parameter named wrong
  void getData('/api/trip/trip/{trip_id}', { path: { trip: 1 } })
  // @ts-expect-error the path parameters, missing
  void getData('/api/trip/trip/{trip_id}')
  // @ts-expect-error a required query value, missing
  void getData('/api/trip/search', { query: { page: 1 } })
  return async () => {
    const trip = await getData('/api/trip/trip/{trip_id}', { path: { trip_id: 4 } })
    // @ts-expect-error the answer's data has the server's types
    const id: string = trip.id
    return id
  }
}
