import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SearchResultScreen } from './SearchResultScreen'

const QUERY =
  'origin_latitude=12.93&origin_longitude=77.62&origin_name=Koramangala&origin_place_id=in-560034' +
  '&destination_latitude=12.97&destination_longitude=77.75&destination_name=Whitefield&destination_place_id=in-560066' +
  '&date=2026-04-01&start_time=00:00&end_time=23:59'

function renderResults() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      new Response(JSON.stringify({ status: 'SUCCESS', message: 'OK', data: { trips: [] } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  )
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
  afterEach(() => vi.unstubAllGlobals())

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
