import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { RatingPrompt } from './RatingPrompt'
import { storage } from '@/lib/storage'
import { envelope, reply, serveApi } from '@/testing/server'

const trip = (id: number) => ({ id, source: 'Koramangala', destination: 'Whitefield', scheduled_at: '2026-05-04 09:30' })

function serve(trips: object[]) {
  serveApi(() => reply(envelope(trips)))
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path: '/home', element: <RatingPrompt /> },
      { path: '/rating/:tripId', element: <h1>Review Trip</h1> },
    ],
    { initialEntries: ['/home'] },
  )
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, view }
}

afterEach(() => {
  window.localStorage.clear()
})

describe('Leave a rating', () => {
  it('offers the trip to rate once, and opens its rating screen', async () => {
    serve([trip(5), trip(4)])
    const { router, view } = renderHome()
    expect(await screen.findByRole('heading', { name: 'How was your trip?' })).toBeInTheDocument()
    expect(storage.ratingPromptsShown.get()).toEqual([5])
    fireEvent.click(screen.getByRole('link', { name: 'Leave a rating' }))
    expect(router.state.location.pathname).toBe('/rating/5')
    view.unmount()

    // Back home later: trip 5 was offered already, so the next one is.
    const again = renderHome()
    expect(await screen.findByRole('link', { name: 'Leave a rating' })).toHaveAttribute('href', '/rating/4')
    again.view.unmount()
  })

  it('can be put aside, and says nothing when every trip was offered or there is none', async () => {
    serve([trip(5)])
    const first = renderHome()
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    expect(screen.queryByTestId('rating-prompt')).not.toBeInTheDocument()
    first.view.unmount()

    renderHome()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('rating-prompt')).not.toBeInTheDocument()
  })
})
