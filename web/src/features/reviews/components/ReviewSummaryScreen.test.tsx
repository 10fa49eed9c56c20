import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ReviewSummaryScreen } from './ReviewSummaryScreen'
import { MESSAGES } from '@/generated/rules'
import { configQueryOptions } from '@/lib/session'
import { serveApi } from '@/testing/server'

const trip = (id: number) => ({ id, source: 'Koramangala', destination: 'Whitefield', scheduled_at: '2026-05-04 18:45' })
const page = (number: number, reviews: unknown[], has_more: boolean) => ({
  reviews,
  overall_attributes: { punctual: { positive: 2, negative: 1 } },
  average_rating: 3.5,
  flagged_count: 1,
  page: number,
  has_more,
})

function serve(pages: Record<string, unknown>, failures = 0) {
  let failed = 0
  const sent = serveApi(({ url: path }) => {
    if (failed < failures) {
      failed += 1
      return new Response(JSON.stringify({ status: 'FAILURE', message: 'boom' }), { status: 500 })
    }
    return new Response(JSON.stringify({ status: 'SUCCESS', message: '', data: pages[path] }), { status: 200 })
  })
  return sent
}

function renderScreen(whose: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(configQueryOptions().queryKey, {
    review_attributes: { punctual: 'Punctual', friendly: 'Friendly' },
  } as never)
  const router = createMemoryRouter([{ path: '/', element: <ReviewSummaryScreen whose={whose} title="Reviews" /> }])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('a person’s reviews', () => {
  it('shows the figures, then each review with its stars or flag, thumbs and trip, and loads more', async () => {
    const sent = serve({
      '/api/user/review/9/trip?page=0': page(
        0,
        [
          { stars: 4, attributes: { punctual: 1, friendly: 0 }, flagged_review: null, trip: trip(5) },
          { stars: 0, attributes: {}, flagged_review: 'Never showed up', trip: trip(4) },
        ],
        true,
      ),
      '/api/user/review/9/trip?page=1': page(
        1,
        [{ stars: 2, attributes: { friendly: -1 }, flagged_review: null, trip: trip(3) }],
        false,
      ),
    })
    renderScreen('9')
    expect(await screen.findByTestId('average-rating')).toHaveTextContent('3.5')
    expect(screen.getByTestId('flagged-count')).toHaveTextContent('1')
    expect(screen.getByRole('region', { name: 'What co-riders said' })).toHaveTextContent(/Punctual.*2.*1/)
    const [rated, flagged] = screen.getAllByTestId('received-review')
    expect(within(rated).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument()
    expect(within(rated).getByRole('list', { name: 'Thumbs' })).toHaveTextContent('Punctual')
    expect(within(rated).getByRole('list', { name: 'Thumbs' })).not.toHaveTextContent('Friendly')
    expect(rated).toHaveTextContent('Koramangala → Whitefield')
    expect(rated).toHaveTextContent(/4 May 2026 · 6:45\spm/)
    expect(flagged).toHaveTextContent('Never showed up')
    expect(within(flagged).queryByRole('img', { name: /stars/ })).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('received-review')).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(sent).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/user/review/9/trip?page=1' }))
  })

  it('says when there are none yet', async () => {
    serve({ '/api/user/review/my?page=0': { ...page(0, [], false), average_rating: 0, flagged_count: 0 } })
    renderScreen('my')
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument()
    // Nobody has rated them: they read as new, never as "0.0".
    expect(screen.getByTestId('average-rating')).toHaveTextContent('New · no ratings yet')
  })

  it('says the fetch failed and tries again', async () => {
    serve({ '/api/user/review/my?page=0': page(0, [], false) }, 1)
    renderScreen('my')
    expect(await screen.findByRole('heading', { name: MESSAGES.REVIEWS_FETCH_FAILED })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument()
  })
})
