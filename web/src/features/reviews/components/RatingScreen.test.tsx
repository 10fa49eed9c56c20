import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { RatingScreen } from './RatingScreen'
import { toastStore } from '@/components/toast/toast-store'
import { MESSAGES } from '@/generated/rules'
import { configQueryOptions } from '@/lib/session'
import { serveApi } from '@/testing/server'

const members = [
  { id: 1, name: 'Asha Rao', small_image_url: null, is_kyc_verified: true },
  { id: 3, name: 'Meena Iyer', small_image_url: null, is_kyc_verified: false },
]
const flaggedBefore = { reviewee_id: 3, stars: 0, attributes: {}, is_flagged: true, flagged_review: 'Rude' }

type Answer = { status: number; message: string; data?: unknown }
const reply = ({ status, message, data }: Answer) =>
  new Response(JSON.stringify({ status: status < 300 ? 'SUCCESS' : 'FAILURE', message, data }), { status })

function serve(tripAnswer: Answer, putAnswer: Answer = { status: 200, message: MESSAGES.REVIEW_SAVED }) {
  return serveApi(({ method, url: path }) => {
    if (path === '/api/user/review/trip/42' && method === 'PUT') return reply(putAnswer)
    if (path === '/api/user/review/trip/42') return reply(tripAnswer)
    return reply({ status: 200, message: '', data: {} })
  })
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(configQueryOptions().queryKey, {
    review_attributes: { punctual: 'Punctual', friendly: 'Friendly' },
  } as never)
  const router = createMemoryRouter(
    [
      { path: '/rating/:tripId', element: <RatingScreen /> },
      { path: '/home', element: <h1>Home</h1> },
    ],
    { initialEntries: ['/rating/42'] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

const toastTexts = () => toastStore.snapshot().map((item) => `${item.kind}: ${item.message}`)
const card = (name: string) => screen.getByRole('region', { name: new RegExp(name) })

beforeEach(() => {
  document.cookie = 'csrf_token=test-token'
})

describe('the review screen', () => {
  it('shows a card per co-rider, prefilled with what was sent before', async () => {
    serve({ status: 200, message: '', data: { members, reviews: [flaggedBefore] } })
    renderScreen()
    expect(screen.getByRole('heading', { level: 1, name: 'Review Trip' })).toBeInTheDocument()
    expect(await screen.findAllByTestId('review-card')).toHaveLength(2)
    expect(within(card('Asha Rao')).getByText('(verified profile)')).toBeInTheDocument()
    const meena = within(card('Meena Iyer'))
    expect(meena.getByLabelText('Flag Meena Iyer')).toBeChecked()
    expect(meena.getByRole('textbox', { name: 'Why are you flagging Meena Iyer?' })).toHaveValue('Rude')
    expect(meena.getByRole('button', { name: '4 stars' })).toBeDisabled()
    expect(meena.getByRole('button', { name: 'Punctual: thumbs up' })).toBeDisabled()
  })

  it('refuses with the spec words before sending anything', async () => {
    const sent = serve({ status: 200, message: '', data: { members, reviews: [] } })
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Review' }))
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.REVIEW_AT_LEAST_ONE)
    fireEvent.click(within(card('Meena Iyer')).getByLabelText('Flag Meena Iyer'))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.REVIEW_FLAG_REASON_REQUIRED)
    expect(sent.some(({ method }) => method === 'PUT')).toBe(false)
  })

  it('says a flag needs its reason once, under the reason, which takes focus', async () => {
    serve({ status: 200, message: '', data: { members, reviews: [] } })
    renderScreen()
    fireEvent.click(within(await screen.findByRole('region', { name: /Meena Iyer/ })).getByLabelText('Flag Meena Iyer'))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
    expect(screen.getAllByText(MESSAGES.REVIEW_FLAG_REASON_REQUIRED)).toHaveLength(1)
    const reason = screen.getByRole('textbox', { name: 'Why are you flagging Meena Iyer?' })
    expect(reason).toHaveFocus()
    expect(reason).toHaveAccessibleDescription(MESSAGES.REVIEW_FLAG_REASON_REQUIRED)
  })

  it('sends the stars and thumbs, says thanks and goes home', async () => {
    const sent = serve({ status: 200, message: '', data: { members, reviews: [] } })
    const router = renderScreen()
    const asha = within(await screen.findByRole('region', { name: /Asha Rao/ }))
    fireEvent.click(asha.getByRole('button', { name: '4 stars' }))
    fireEvent.click(asha.getByRole('button', { name: 'Punctual: thumbs up' }))
    expect(asha.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true')
    expect(asha.getByRole('button', { name: 'Punctual: thumbs up' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    const put = sent.find(({ method }) => method === 'PUT')
    expect(put?.body).toEqual([
      { reviewee_id: 1, stars: 4, attributes: { punctual: 1 }, is_flagged: false, flagged_review: null },
      { reviewee_id: 3, stars: 0, attributes: {}, is_flagged: false, flagged_review: null },
    ])
    expect(toastTexts()).toContain(`success: ${MESSAGES.REVIEW_SAVED}`)
  })

  it('keeps the form and shows the server words when sending fails', async () => {
    serve(
      { status: 200, message: '', data: { members, reviews: [] } },
      { status: 422, message: 'You can only review the people you travelled with' },
    )
    const router = renderScreen()
    fireEvent.click(within(await screen.findByRole('region', { name: /Asha Rao/ })).getByRole('button', { name: '5 stars' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(toastTexts()).toContain('error: You can only review the people you travelled with'))
    expect(router.state.location.pathname).toBe('/rating/42')
    expect(within(card('Asha Rao')).getByRole('button', { name: '5 stars' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('goes home with the server words when the trip cannot be reviewed', async () => {
    serve({ status: 409, message: MESSAGES.REVIEW_TRIP_NOT_COMPLETED })
    const router = renderScreen()
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(toastTexts()).toContain(`error: ${MESSAGES.REVIEW_TRIP_NOT_COMPLETED}`)
  })
})
