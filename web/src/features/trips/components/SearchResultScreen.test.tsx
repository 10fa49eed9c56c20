import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SearchResultScreen } from './SearchResultScreen'
import { envelope, reply, serveApi } from '@/testing/server'

const QUERY =
  'origin_latitude=12.93&origin_longitude=77.62&origin_name=Koramangala&origin_place_id=in-560034' +
  '&destination_latitude=12.97&destination_longitude=77.75&destination_name=Whitefield&destination_place_id=in-560066' +
  '&date=2026-04-01&start_time=00:00&end_time=23:59'

type Found = { trips: object[]; has_more: boolean }

/** A trip found along the way, as far as a card needs it. */
function trip(id: number): object {
  const end = (name: string) => ({ name, place_id: null, latitude: 12.9, longitude: 77.6, is_approximate: true })
  const stop = (name: string) => ({ name, latitude: 12.9, longitude: 77.6, walk_m: 0 })
  return {
    id,
    status: 'ACTIVE',
    scheduled_at: '2030-01-12 09:30',
    origin: end('Electronic City'),
    destination: end('Hebbal'),
    preferred_mode_of_transport: 1,
    active_passenger_count: 1,
    total_passengers: 3,
    estimated_cost: 0,
    is_current_user_host: false,
    user_status: 'default',
    host: { id: id + 100, name: 'Priya Sharma', is_kyc_verified: false, average_rating: 4.5, flagged_count: 0 },
    match: { kind: 'along', pickup: stop('Koramangala'), drop: stop('Whitefield'), detour_minutes: 6 },
  }
}

/** The API's answer for each page asked for, by the `page` of its address. */
function renderResults(pages: Found[] = [{ trips: [], has_more: false }]) {
  serveApi(({ url }) => {
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page'))
    return reply(envelope(pages[page], 'OK'))
  })
  const router = createMemoryRouter(
    [
      { path: '/search-trip/result', element: <SearchResultScreen /> },
      { path: '/create-trip', element: <h1>Create Trip</h1> },
    ],
    { initialEntries: [`/search-trip/result?${QUERY}`] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('search results with no trips', () => {

  it('says so once: the dialog alone, then the empty screen once the dialog is cancelled', async () => {
    renderResults()
    const dialog = await screen.findByRole('dialog', { name: 'No trips around?' })
    expect(dialog).toBeInTheDocument()
    expect(screen.queryByText('No trips found')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('No trips found')).toBeInTheDocument()
  })

  it('offers Create from the dialog', async () => {
    const router = renderResults()
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }))
    expect(router.state.location.pathname).toBe('/create-trip')
  })
})

describe('search results a page at a time', () => {

  it('shows the next page below the first when asked, and no button once none follows', async () => {
    renderResults([
      { trips: [trip(1), trip(2)], has_more: true },
      { trips: [trip(3)], has_more: false },
    ])
    expect(await screen.findByRole('heading', { name: 'More than 2 trips found' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Show more trips' }))
    expect(await screen.findByRole('heading', { name: '3 trips found' })).toBeInTheDocument()
    expect(screen.getByTestId('search-results').children).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Show more trips' })).not.toBeInTheDocument()
  })
})
