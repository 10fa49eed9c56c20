import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TripSosBanner } from './TripSosBanner'
import type { Trip } from '@/components/trip/trip'
import { serveApi } from '@/testing/server'

const envelope = (status: number, data: unknown = null) =>
  new Response(JSON.stringify({ status: status < 400 ? 'SUCCESS' : 'FAILURE', message: '', data }), { status })

/** The standing SOS of trip 42 as the API answers it, with each call it was sent. */
function serve(incidents: unknown[], status = 200) {
  return serveApi(({ url: path }) =>
    path === '/api/trip/sos/42/standing' ? envelope(status, status < 400 ? { incidents } : null) : envelope(404),
  )
}

function renderBanner(shown: Partial<Trip> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const trip = { id: 42, is_current_user_host: true, status: 'ACTIVE', ...shown } as Trip
  render(
    <QueryClientProvider client={client}>
      <p>Trip sheet</p>
      <TripSosBanner trip={trip} />
    </QueryClientProvider>,
  )
  return client
}

describe('the trip sheet’s banner of others’ standing SOS', () => {

  it('shows the host who raised it, since when, and a button that calls 112', async () => {
    serve([{ user_id: 7, first_name: 'Meera', since: '2026-05-14T14:12:00+00:00' }])
    renderBanner()
    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent('SOS on this trip')
    expect(screen.getByTestId('standing-sos-person')).toHaveTextContent(/Meera raised an SOS, since 7:42\spm/)
    const call = screen.getByRole('link', { name: 'Call 112 for Meera' })
    expect(call).toHaveAttribute('href', 'tel:112')
  })

  it('shows each active member every standing SOS, one row a person', async () => {
    serve([
      { user_id: 7, first_name: 'Meera', since: '2026-05-14T14:12:00+00:00' },
      { user_id: 9, first_name: 'Kiran', since: '2026-05-14T14:20:00+00:00' },
    ])
    renderBanner({ is_current_user_host: false, user_status: 'active' })
    await waitFor(() => expect(screen.getAllByTestId('standing-sos-person')).toHaveLength(2))
    expect(screen.getByRole('link', { name: 'Call 112 for Kiran' })).toHaveAttribute('href', 'tel:112')
  })

  it('shows nothing while no SOS stands', async () => {
    const sent = serve([])
    renderBanner()
    await waitFor(() =>
      expect(sent).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/trip/sos/42/standing' })),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('asks nothing for a requester or a stranger, who are not told of an SOS', async () => {
    const sent = serve([{ user_id: 7, first_name: 'Meera', since: '2026-05-14T14:12:00+00:00' }])
    renderBanner({ is_current_user_host: false, user_status: 'requested' })
    renderBanner({ is_current_user_host: false, user_status: undefined })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toHaveLength(0)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('drops a closed SOS when the live change reads it again', async () => {
    serve([{ user_id: 7, first_name: 'Meera', since: '2026-05-14T14:12:00+00:00' }])
    const client = renderBanner()
    await screen.findByRole('alert')
    serve([])
    await client.invalidateQueries({ queryKey: ['trips', 'sos'] })
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})
