import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Trip } from './trip'
import { TripCard } from './TripCard'
import { configQueryOptions } from '@/lib/session'

const trip = (overrides: Partial<Trip>) =>
  ({
    id: 5,
    status: 'ACTIVE',
    scheduled_at: '2026-05-04 09:30',
    origin: { name: 'Koramangala' },
    destination: { name: 'Whitefield' },
    preferred_mode_of_transport: 1,
    active_passenger_count: 3,
    total_passengers: 3,
    estimated_cost: 1200.4,
    is_current_user_host: false,
    user_status: 'default',
    cab: { status: 'not_eligible' },
    host: { id: 9, name: 'Ravi Kumar', small_image_url: null, is_kyc_verified: false, average_rating: 0 },
    ...overrides,
  }) as Trip

function renderCards(trips: Trip[]) {
  const client = new QueryClient()
  client.setQueryData(configQueryOptions().queryKey, {
    estimated_cost_explanation_heading: 'Estimated cost',
    estimated_cost_explanation_content: '<p>Split.</p>',
  } as never)
  const router = createMemoryRouter([
    { path: '/', element: <>{trips.map((shown) => <TripCard key={shown.id} trip={shown} />)}</> },
  ])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('trip badges', () => {
  it("draws 'Cancelled' in its own colour, not the one of 'Trip Full'", () => {
    renderCards([trip({ id: 1, status: 'CANCELLED' }), trip({ id: 2 })])
    const cancelled = screen.getByText('Cancelled')
    const full = screen.getByText('Trip Full')
    expect(cancelled.className).toMatch(/cancelled/)
    expect(full.className).not.toMatch(/cancelled/)
  })

  it('shows the per-person cost in whole rupees', () => {
    renderCards([trip({ id: 3 })])
    expect(screen.getByText('₹400 - ₹600')).toBeInTheDocument()
  })
})
