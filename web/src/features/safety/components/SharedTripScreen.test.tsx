import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SharedTrip } from '../api/safety'
import { SHARED_TRIP_REFRESH_MS } from '../model/shared-trip'
import { SharedTripScreen } from './SharedTripScreen'
import { isPublicPath } from '@/config/paths'
import { SAFETY_MESSAGES } from '@/generated/rules'
import { serveApi } from '@/testing/server'

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789'

const trip = (change: Partial<SharedTrip> = {}): SharedTrip => ({
  scheduled_at: '2026-05-14T09:05:00+05:30',
  origin: { name: 'Koramangala' },
  destination: { name: 'Whitefield' },
  host: { first_name: 'Asha', is_verified: true },
  cab: { vehicle_model: 'Maruti Suzuki Dzire', vehicle_registration: 'KA01AB1234', driver_first_name: 'Ramesh' },
  stage: 'under_way',
  sos_open: false,
  expires_at: '2026-05-14T11:35:00+05:30',
  ...change,
})

/** The public read, answering whatever `answer` holds at the time of each call. */
function serve(first: { status: number; data?: SharedTrip; message?: string }) {
  let answer = first
  serveApi(({ url: path }) => {
    if (path !== `/api/trip/shared/${TOKEN}`) return new Response('{}', { status: 500 })
    const { status, data = null, message = '' } = answer
    return new Response(JSON.stringify({ status: status < 400 ? 'SUCCESS' : 'FAILURE', message, data }), { status })
  })
  return {
    next: (change: typeof first) => {
      answer = change
    },
  }
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: '/t/:token', element: <SharedTripScreen /> }], {
    initialEntries: [`/t/${TOKEN}`],
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('the live trip page', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is for anyone with the link: no sign-in', () => {
    expect(isPublicPath(`/t/${TOKEN}`)).toBe(true)
    expect(isPublicPath('/trips')).toBe(false)
    expect(isPublicPath('/trip/42')).toBe(false)
  })

  it('shows the trip’s time, ends, host, cab and stage, and asks not to be indexed', async () => {
    serve({ status: 200, data: trip() })
    renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Loading the trip')
    expect(await screen.findByTestId('shared-trip-stage')).toHaveTextContent('Under way')
    expect(screen.getByTestId('shared-trip-when')).toHaveTextContent(/14 May 2026 · 9:05\sam/)
    expect(screen.getByText('Koramangala')).toBeInTheDocument()
    expect(screen.getByText('Whitefield')).toBeInTheDocument()
    expect(screen.getByTestId('shared-trip-host')).toHaveTextContent('Asha · Verified')
    expect(screen.getByText('Maruti Suzuki Dzire · KA01AB1234')).toBeInTheDocument()
    expect(screen.getByText('Ramesh')).toBeInTheDocument()
    expect(screen.queryByTestId('shared-trip-sos')).not.toBeInTheDocument()
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  it('leaves out the cab and the verified mark when there are none', async () => {
    serve({ status: 200, data: trip({ cab: null, stage: 'upcoming', host: { first_name: 'Asha', is_verified: false } }) })
    renderPage()
    expect(await screen.findByTestId('shared-trip-stage')).toHaveTextContent('Upcoming')
    expect(screen.getByTestId('shared-trip-host')).toHaveTextContent(/^Asha$/)
    expect(screen.queryByText('Cab')).not.toBeInTheDocument()
    expect(screen.queryByText('Driver')).not.toBeInTheDocument()
  })

  it('puts an open SOS above everything, with 112', async () => {
    serve({ status: 200, data: trip({ sos_open: true }) })
    renderPage()
    const banner = await screen.findByTestId('shared-trip-sos')
    expect(banner).toHaveAttribute('role', 'alert')
    expect(banner).toHaveTextContent('SOS raised')
    expect(screen.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112')
  })

  it('reads the trip again every 30 s, so a new SOS and a new stage show by themselves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = serve({ status: 200, data: trip() })
    renderPage()
    await screen.findByTestId('shared-trip-stage')
    api.next({ status: 200, data: trip({ sos_open: true, stage: 'completed' }) })
    await act(() => vi.advanceTimersByTimeAsync(SHARED_TRIP_REFRESH_MS))
    expect(await screen.findByTestId('shared-trip-sos')).toBeInTheDocument()
    expect(screen.getByTestId('shared-trip-stage')).toHaveTextContent('Completed')
  })

  it('says a link that expired or was turned off is gone', async () => {
    serve({ status: 404, message: SAFETY_MESSAGES.SHARED_TRIP_NOT_FOUND })
    renderPage()
    expect(await screen.findByTestId('shared-trip-problem')).toHaveTextContent(SAFETY_MESSAGES.SHARED_TRIP_NOT_FOUND)
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('offers to try again when the trip could not be read for another reason', async () => {
    serve({ status: 503, message: 'Service unavailable' })
    renderPage()
    expect(await screen.findByTestId('shared-trip-problem')).toHaveTextContent('Service unavailable')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
