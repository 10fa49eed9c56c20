import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TripActionBar } from './TripActionBar'
import { indiaWallTime, wallText } from '@/components/trip/india-time'
import type { Trip } from '@/components/trip/trip'
import { MESSAGES } from '@/generated/rules'
import { TRIPS_KEY } from '@/lib/query-keys'
import { envelope, reply, serveApi } from '@/testing/server'

/** An active member's view of a trip leaving this many minutes from now. */
const memberTrip = (minutesAhead: number, overrides: Partial<Trip> = {}) =>
  ({
    id: 42,
    is_current_user_host: false,
    is_user_in_trip: true,
    user_status: 'active',
    status: 'ACTIVE',
    is_past: false,
    chat_id: 42,
    active_passenger_count: 2,
    total_passengers: 3,
    passengers: [],
    still_coming_asked: false,
    scheduled_at: wallText(indiaWallTime(Date.now() + minutesAhead * 60_000)),
    ...overrides,
  }) as Trip

function mockApi() {
  document.cookie = 'csrf_token=test-token'
  return serveApi(() => reply(envelope(null, MESSAGES.STILL_COMING_KEPT)))
}

function renderSheetBar(shown: Trip) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const invalidated = vi.spyOn(client, 'invalidateQueries')
  const router = createMemoryRouter(
    [
      {
        path: '/trip/:tripId',
        element: <TripActionBar trip={shown} onAskQuery={() => undefined} lateCancelWindowSeconds={7200} />,
      },
    ],
    { initialEntries: ['/trip/42'] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return invalidated
}

afterEach(() => {
  cleanup()
})

describe('Still coming? on the trip sheet', () => {
  it('is not shown to a member who was not asked', () => {
    renderSheetBar(memberTrip(300))
    expect(screen.queryByTestId('still-coming')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leave Trip' })).toBeInTheDocument()
  })

  it('is not shown on a trip that has departed', () => {
    renderSheetBar(memberTrip(-10, { still_coming_asked: true, is_past: true }))
    expect(screen.queryByTestId('still-coming')).not.toBeInTheDocument()
  })

  it('asks an asked member with the new time and keeps the seat, then reads the trip again', async () => {
    const sent = mockApi()
    const trip = memberTrip(300, { still_coming_asked: true })
    const invalidated = renderSheetBar(trip)
    const [date, time] = trip.scheduled_at.split(' ')
    const [hours, minutes] = time.split(':').map(Number)
    const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`
    const [year, month, dayOfMonth] = date.split('-').map(Number)
    const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-IN', { month: 'short', timeZone: 'UTC' })
    const day = `${dayOfMonth} ${monthName} ${year}`
    const banner = screen.getByRole('alert')
    expect(banner).toHaveTextContent(`The host moved this trip to ${clock} on ${day}. Still coming?`)

    fireEvent.click(within(banner).getByRole('button', { name: 'Keep my seat' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/trip/user/still-coming', body: { trip_id: 42 } })
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: TRIPS_KEY }))
  })

  it('opens the leave dialog without the late-cancellation warning while asked', () => {
    renderSheetBar(memberTrip(30, { still_coming_asked: true }))
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Leave trip' }))
    expect(screen.getByRole('dialog', { name: 'Leave Trip' })).toBeInTheDocument()
    expect(screen.queryByTestId('late-cancel-warning')).not.toBeInTheDocument()
  })

  it('still warns of a late cancellation once the seat was kept', () => {
    renderSheetBar(memberTrip(30, { still_coming_asked: false }))
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    expect(screen.getByTestId('late-cancel-warning')).toBeInTheDocument()
  })
})
