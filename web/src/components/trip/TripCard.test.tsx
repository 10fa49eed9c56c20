import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Trip, TripFound, TripMatch } from './trip'
import { TripCard } from './TripCard'
import { I18nProvider, type Locale } from '@/i18n'

const trip = {
  id: 42,
  status: 'ACTIVE',
  scheduled_at: '2030-01-12 09:30',
  origin: { name: 'Indiranagar (Bangalore), Bengaluru, Karnataka', place_id: 'a', latitude: 12.97, longitude: 77.64 },
  destination: { name: 'Electronics City, Bengaluru, Karnataka', place_id: 'b', latitude: 12.85, longitude: 77.65 },
  preferred_mode_of_transport: 1,
  active_passenger_count: 1,
  total_passengers: 3,
  estimated_cost: 0,
  is_current_user_host: false,
  user_status: 'default',
  host: {
    id: 7,
    name: 'Priya Sharma',
    small_image_url: null,
    medium_image_url: null,
    is_kyc_verified: true,
    average_rating: 4.5,
    flagged_count: 0,
  },
} as unknown as Trip

function renderCard(shown: Trip | TripFound, locale: Locale = 'en') {
  const client = new QueryClient()
  client.setQueryData(['configuration'], {})
  const router = createMemoryRouter([{ path: '/', element: <TripCard trip={shown} /> }])
  return render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

describe('TripCard', () => {
  it('names each end by its locality, the full name kept as its title', () => {
    renderCard(trip)
    const route = within(screen.getByRole('list', { name: 'Route' }))
    const [origin, destination] = route.getAllByRole('listitem')
    expect(origin).toHaveTextContent(/^Indiranagar$/)
    expect(destination).toHaveTextContent(/^Electronics City$/)
    expect(screen.getByTestId('trip-card')).not.toHaveTextContent('Karnataka')
    expect(within(origin).getByTitle('Indiranagar (Bangalore), Bengaluru, Karnataka')).toBeInTheDocument()
  })

  it("shows the host's first name, the verified mark and their rating", () => {
    renderCard(trip)
    const host = within(screen.getByTestId('trip-card-host'))
    expect(host.getByText('Priya')).toBeInTheDocument()
    expect(screen.getByTestId('trip-card-host')).not.toHaveTextContent('Sharma')
    expect(host.getByRole('img', { name: 'Verified' })).toBeInTheDocument()
    expect(host.getByTestId('trip-card-rating')).toHaveTextContent(/^4\.5$/)
  })

  it("calls a host nobody has rated 'New', without a verified mark when they are not verified", () => {
    renderCard({ ...trip, host: { ...trip.host, average_rating: 0, is_kyc_verified: false } })
    const host = within(screen.getByTestId('trip-card-host'))
    expect(host.getByTestId('trip-card-rating')).toHaveTextContent(/^New$/)
    expect(host.queryByRole('img', { name: 'Verified' })).toBeNull()
  })

  it('says where a trip along the way picks the rider up and what it costs the host, and nothing new at the ends', () => {
    const match = (kind: TripMatch['kind']): TripMatch => ({
      kind,
      pickup: { name: 'HSR Layout, Bengaluru', latitude: 12.91, longitude: 77.64, walk_m: 600 },
      drop: { name: 'Shivajinagar', latitude: 12.98, longitude: 77.6, walk_m: 0 },
      detour_minutes: 6,
    })
    const { unmount } = renderCard({ ...trip, match: match('along') } as TripFound)
    expect(screen.getByTestId('trip-card-along')).toHaveTextContent(
      "Along the way: pick-up near HSR Layout (600 m from you) · host's detour about 6 min",
    )
    unmount()
    renderCard({ ...trip, match: match('ends') } as TripFound)
    expect(screen.queryByTestId('trip-card-along')).not.toBeInTheDocument()
  })

  it('speaks Hindi and Kannada: the time of day, mode, seats, cost, badges and the along-the-way line', async () => {
    const shown = {
      ...trip,
      active_passenger_count: 2,
      estimated_cost: 900,
      match: {
        kind: 'along',
        pickup: { name: 'HSR Layout, Bengaluru', latitude: 12.91, longitude: 77.64, walk_m: 0 },
        drop: { name: 'Shivajinagar', latitude: 12.98, longitude: 77.6, walk_m: 0 },
        detour_minutes: 6,
      },
    } as TripFound
    const { unmount } = renderCard(shown, 'hi')
    const card = await screen.findByTestId('trip-card')
    expect(card).toHaveTextContent('सुबह')
    expect(card).toHaveTextContent('कैब')
    expect(card).toHaveTextContent('2/3 जुड़े')
    expect(card).toHaveTextContent('₹300 - ₹450')
    expect(card).toHaveTextContent('लगभग फ़ुल')
    expect(screen.getByTestId('trip-card-along')).toHaveTextContent(
      'रास्ते में: HSR Layout के पास पिकअप · होस्ट को लगभग 6 मिनट ज़्यादा लगेंगे',
    )
    unmount()
    renderCard(shown, 'kn')
    expect(await screen.findByTestId('trip-card')).toHaveTextContent('ಬೆಳಿಗ್ಗೆ')
    expect(screen.getByTestId('trip-card')).toHaveTextContent('ಕ್ಯಾಬ್')
    expect(screen.getByTestId('trip-card')).not.toHaveTextContent(/Morning|Cab|joined|Almost Full/)
  })
})
