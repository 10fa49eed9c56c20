import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EditTripScreen } from './EditTripScreen'
import type { Trip } from '@/components/trip/trip'
import { envelope, reply, serveApi } from '@/testing/server'

const place = (name: string, latitude: number, longitude: number) => ({
  name,
  place_id: `in-${name}`,
  latitude,
  longitude,
})

/** A trip two days ahead, at 9:00 AM India time, going by cab. */
function tripWithCab(status: Trip['cab']['status']): Trip {
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  return {
    id: 42,
    scheduled_at: `${day}T09:00:00+05:30`,
    origin: place('Koramangala', 12.93, 77.62),
    destination: place('Whitefield', 12.97, 77.75),
    total_passengers: 3,
    preferred_mode_of_transport: 1,
    is_vehicle_booked: true,
    estimated_cost: 900,
    additional_note: null,
    cab: { status },
  } as unknown as Trip
}

function mockApi() {
  document.cookie = 'csrf_token=test-token'
  return serveApi(() => reply(envelope(null, 'Trip updated')))
}

function renderEdit(trip: Trip) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditTripScreen /> },
      { path: '*', element: <p>Trip sheet</p> },
    ],
    { initialEntries: [{ pathname: '/edit', state: { trip } }] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

function setTime(hour: string, minute: string, half: string) {
  fireEvent.click(screen.getByTestId('trip-time'))
  const timing = screen.getByRole('dialog', { name: 'Timing' })
  fireEvent.change(within(timing).getByLabelText('Hour'), { target: { value: hour } })
  fireEvent.change(within(timing).getByLabelText('Minute'), { target: { value: minute } })
  fireEvent.change(within(timing).getByLabelText('AM/PM'), { target: { value: half } })
  fireEvent.click(within(timing).getByRole('button', { name: 'Apply' }))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('editing the time of a trip with a running cab', () => {
  it('says the booked cab is cancelled and saves only once the host confirms', async () => {
    const sent = mockApi()
    renderEdit(tripWithCab('booked'))
    setTime('10', '30', 'AM')
    fireEvent.click(screen.getByRole('button', { name: 'Edit Trip' }))

    const warning = screen.getByRole('dialog', { name: 'Changing the time cancels the booked cab' })
    expect(sent).toHaveLength(0)
    fireEvent.click(within(warning).getByRole('button', { name: 'Keep the Cab' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Edit Trip' }))
    const again = screen.getByRole('dialog', { name: 'Changing the time cancels the booked cab' })
    fireEvent.click(within(again).getByRole('button', { name: 'Change Time and Cancel Cab' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/trip/trip/42' })
    expect(sent[0].body).toHaveProperty('time_of_trip')
  })

  it('names a cab request that is still waiting for a driver', () => {
    mockApi()
    renderEdit(tripWithCab('requested'))
    setTime('10', '30', 'AM')
    fireEvent.click(screen.getByRole('button', { name: 'Edit Trip' }))
    expect(screen.getByRole('dialog', { name: 'Changing the time cancels the cab request' })).toBeVisible()
  })

  it.each(['booked', 'cancelled'] as const)('saves at once what leaves the cab as it is (%s cab)', async (status) => {
    const sent = mockApi()
    renderEdit(tripWithCab(status))
    if (status === 'cancelled') setTime('10', '30', 'AM')
    else fireEvent.change(screen.getByLabelText(/Additional note/), { target: { value: 'Two bags' } })
    fireEvent.click(screen.getByRole('button', { name: 'Edit Trip' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(sent).toHaveLength(1))
  })
})
