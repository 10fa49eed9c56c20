import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import indexHtml from '../../index.html?raw'
import { UPCOMING_TRIPS, userTripsQueryOptions, type UserTripsFilter } from './trips'
import { envelope, reply, serveApi } from '@/testing/server'

/** The address the user's trips are asked at, as it reached the network. */
async function userTripsAddress(filter: UserTripsFilter): Promise<string> {
  const sent = serveApi(() => reply(envelope({ trips: [] })))
  await new QueryClient().fetchQuery(userTripsQueryOptions(filter))
  return sent[0].url
}

describe('shared trip queries', () => {
  it('asks for upcoming trips at the address index.html fetches early for home', async () => {
    const address = await userTripsAddress(UPCOMING_TRIPS)
    expect(address).toBe('/api/trip/user_trips?status_ids=active,requested&retrieve_past_trips=0')
    expect(indexHtml).toContain(`'${address}'`)
  })

  it('leaves out filters that are not set', async () => {
    expect(await userTripsAddress({ type_ids: 'host', status_ids: '', retrieve_past_trips: 1 })).toBe(
      '/api/trip/user_trips?type_ids=host&retrieve_past_trips=1',
    )
  })
})
