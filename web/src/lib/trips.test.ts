import { describe, expect, it } from 'vitest'
import indexHtml from '../../index.html?raw'
import { UPCOMING_TRIPS, userTripsPath } from './trips'

describe('shared trip queries', () => {
  it('asks for upcoming trips at the address index.html fetches early for home', () => {
    expect(userTripsPath(UPCOMING_TRIPS)).toBe('/api/trip/user_trips?status_ids=active,requested&retrieve_past_trips=0')
    expect(indexHtml).toContain(`'${userTripsPath(UPCOMING_TRIPS)}'`)
  })

  it('leaves out filters that are not set', () => {
    expect(userTripsPath({ type_ids: 'host', status_ids: '', retrieve_past_trips: 1 })).toBe(
      '/api/trip/user_trips?type_ids=host&retrieve_past_trips=1',
    )
  })
})
