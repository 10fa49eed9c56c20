import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TripDetails } from './TripDetails'
import { indiaWallTime, wallText } from '@/components/trip/india-time'
import type { Trip } from '@/components/trip/trip'
import { configQueryOptions, userQueryOptions } from '@/lib/session'

const person = (id: number, name: string, type: 'host' | 'member') => ({
  id,
  name,
  average_rating: 0,
  flagged_count: 0,
  small_image_url: null,
  is_kyc_verified: false,
  additional_note: null,
  small_luggage: 0,
  large_luggage: 0,
  status: 'active',
  type,
})

const trip = (overrides: Partial<Trip> = {}) =>
  ({
    id: 42,
    is_current_user_host: true,
    user_status: 'active',
    status: 'ACTIVE',
    is_past: true,
    scheduled_at: '2026-05-04 09:30',
    preferred_mode_of_transport: 1,
    // The sheet's still map draws the ends once its code has arrived.
    origin: { name: 'Koramangala', latitude: 12.9352, longitude: 77.6245 },
    destination: { name: 'Whitefield', latitude: 12.9698, longitude: 77.75 },
    distance: null,
    estimated_cost: 400,
    current_co2_saving: 1,
    next_co2_saving: 2,
    cab: {
      status: 'not_eligible',
      category: null,
      number_of_stops: 0,
      stops: [],
      fare: null,
      raised_issue: null,
      driver: null,
      vehicle: null,
      vendor: null,
    },
    chat_id: 9,
    active_passenger_count: 2,
    total_passengers: 3,
    additional_note: null,
    queries: [],
    host: { ...person(1, 'Asha Rao', 'host'), medium_image_url: null },
    passengers: [person(1, 'Asha Rao', 'host'), person(7, 'Ravi Kumar', 'member')],
    ...overrides,
  }) as unknown as Trip

function renderSheet(shown: Trip) {
  const client = new QueryClient()
  client.setQueryData(configQueryOptions().queryKey, {
    share_trip_text: 'Join me {link}',
    estimated_cost_explanation_heading: 'Estimated cost',
    estimated_cost_explanation_content: '<p>Split among all seats.</p><script>alert(1)</script>',
    co2_explanation_heading: 'CO2 saved',
    co2_explanation_content: '<p>One tree for every <b>50 kg</b>.</p>',
    late_cancel_window_seconds: 7200,
  } as never)
  client.setQueryData(userQueryOptions().queryKey, { id: 1, mobile_number: '9876543210' } as never)
  const router = createMemoryRouter(
    [
      {
        path: '/trip/:tripId',
        element: <TripDetails trip={shown} withSearchPoint={false} onClose={() => undefined} cabBlock={() => null} safetyBlock={() => null} />,
      },
      { path: '/rating/:tripId', element: <h1>Review Trip</h1> },
    ],
    { initialEntries: ['/trip/42'] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

const menuItems = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Trip options' }))
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent)
}

/** A trip time this many minutes from now, as the server writes it (India time). */
const inMinutes = (minutes: number) => wallText(indiaWallTime(Date.now() + minutes * 60_000))

describe('host menu', () => {
  it('offers Edit Trip and Delete Trip before the trip', () => {
    renderSheet(trip({ is_past: false }))
    expect(menuItems()).toEqual(['Edit Trip', 'Share Trip', 'Members', 'Delete Trip', 'Trip Details', 'Share Number'])
  })

  it('offers Review Trip after the trip when more than one travelled, and no Edit Trip or Delete Trip', () => {
    const router = renderSheet(trip())
    expect(menuItems()).toEqual(['Share Trip', 'Members', 'Review Trip', 'Trip Details', 'Share Number'])
    fireEvent.click(screen.getByRole('menuitem', { name: 'Review Trip' }))
    expect(router.state.location.pathname).toBe('/rating/42')
  })

  it('has no Review Trip before the trip', () => {
    renderSheet(trip({ is_past: false }))
    expect(menuItems()).not.toContain('Review Trip')
  })

  it('has no Review Trip when nobody joined the host', () => {
    renderSheet(trip({ active_passenger_count: 1, passengers: [person(1, 'Asha Rao', 'host')] as Trip['passengers'] }))
    expect(menuItems()).not.toContain('Review Trip')
  })
})

describe('the sheet’s figures and people', () => {
  it('explains the cost and the CO2 behind info buttons, through the safe renderer', async () => {
    renderSheet(trip())
    fireEvent.click(screen.getByRole('button', { name: 'Estimated cost' }))
    // The explanation's dialog arrives with its code, the first time one is opened.
    const cost = await screen.findByRole('dialog', { name: 'Estimated cost' })
    expect(cost).toHaveTextContent('Split among all seats.')
    expect(cost.querySelector('script')).toBeNull()
    fireEvent.click(within(cost).getByRole('button', { name: 'Got it' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'CO2 saved' }))
    expect(within(screen.getByRole('dialog', { name: 'CO2 saved' })).getByText('50 kg')).toBeInTheDocument()
  })

  it('keeps a long host name on one line with an ellipsis, the whole name as its tooltip', () => {
    const name = 'Venkata Narasimha Raghavendra Subrahmanyam Lakshminarayana'
    renderSheet(trip({ host: { ...person(1, name, 'host'), medium_image_url: null } as Trip['host'] }))
    const shown = screen.getByTestId('trip-host')
    expect(shown).toHaveAttribute('title', name)
    expect(shown.className).toMatch(/nameText/)
  })

  it('names the host and each person joined as a way to their profile, and a host nobody rated reads as new', () => {
    renderSheet(trip())
    expect(screen.getByTestId('host-rating')).toHaveTextContent('New · no ratings yet')
    expect(screen.getAllByRole('button', { name: "Asha Rao's profile" }).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: "Ravi Kumar's profile" })).toBeInTheDocument()
  })

  it('marks a person joined through a buyer app with its name, and the app’s own people not at all', () => {
    const booked = { ...person(8, 'Asha', 'member'), booked_through: 'buyer.sandbox.example.in' }
    renderSheet(trip({ passengers: [person(1, 'Asha Rao', 'host'), person(7, 'Ravi Kumar', 'member'), booked] as Trip['passengers'] }))
    const [mark] = screen.getAllByTestId('booked-through')
    expect(mark).toHaveTextContent('Booked through buyer.sandbox.example.in')
    expect(within(mark).getByText('via buyer.sandbox.example.in')).toBeVisible()
    expect(screen.getAllByTestId('booked-through')).toHaveLength(1)
    expect(mark.closest('li')).toHaveTextContent('Asha')
    expect(screen.queryByRole('button', { name: "Asha's profile" })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: "Ravi Kumar's profile" })).toBeInTheDocument()
  })
})

describe('icon-only controls on the sheet', () => {
  it('carry their name as a tooltip', () => {
    renderSheet(trip())
    for (const name of ['Trip options', 'Close']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('title', name)
    }
  })
})

describe('late cancellation warnings', () => {
  const soon = () => trip({ is_past: false, scheduled_at: inMinutes(60) })

  it('says, before deleting a trip with members inside the window, that it counts on the record', () => {
    renderSheet(soon())
    fireEvent.click(screen.getByRole('button', { name: 'Trip options' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Trip' }))
    expect(within(screen.getByRole('dialog', { name: 'Delete Trip' })).getByTestId('late-cancel-warning')).toHaveTextContent(
      'Deleting a trip with members within 2 hours of departure will count as a late cancellation on your record.',
    )
  })

  it('says nothing when deleting a trip nobody joined', () => {
    renderSheet(trip({ is_past: false, scheduled_at: inMinutes(60), active_passenger_count: 1 }))
    fireEvent.click(screen.getByRole('button', { name: 'Trip options' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Trip' }))
    expect(screen.getByRole('dialog', { name: 'Delete Trip' })).toBeInTheDocument()
    expect(screen.queryByTestId('late-cancel-warning')).not.toBeInTheDocument()
  })

  it('says nothing when the trip is further away than the window', () => {
    renderSheet(trip({ is_past: false, scheduled_at: inMinutes(180) }))
    fireEvent.click(screen.getByRole('button', { name: 'Trip options' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Trip' }))
    expect(screen.getByRole('dialog', { name: 'Delete Trip' })).toBeInTheDocument()
    expect(screen.queryByTestId('late-cancel-warning')).not.toBeInTheDocument()
  })

  it('says, before removing a member inside the window, that it counts on the record', () => {
    renderSheet(soon())
    fireEvent.click(screen.getByRole('button', { name: 'Trip options' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Trip' }))
    expect(within(screen.getByRole('dialog', { name: 'Remove from Trip' })).getByTestId('late-cancel-warning')).toHaveTextContent(
      'Removing a member within 2 hours of departure will count as a late cancellation on your record.',
    )
  })
})

describe('badges', () => {
  it("draws a cancelled trip's badge in the card's cancelled colour", () => {
    renderSheet(trip({ status: 'CANCELLED' }))
    expect(screen.getByText('Cancelled').className).toMatch(/cancelled/)
  })

  it("says 'about' before the trip's distance to someone who sees approximate ends, and not to its members", () => {
    renderSheet(trip({ distance: 12.34, origin: { ...trip().origin, is_approximate: true } } as Partial<Trip>))
    expect(screen.getByTestId('trip-distance')).toHaveTextContent('Trip distance about 12 km')
  })

  it('gives the members the distance as measured, without about', () => {
    renderSheet(trip({ distance: 12.34, origin: { ...trip().origin, is_approximate: false } } as Partial<Trip>))
    expect(screen.getByTestId('trip-distance')).toHaveTextContent(/^Trip distance 12 km$/)
  })
})
