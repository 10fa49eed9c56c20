import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TripActionBar } from './TripActionBar'
import { indiaWallTime, wallText } from '@/components/trip/india-time'
import type { Trip } from '@/components/trip/trip'
import { MESSAGES } from '@/generated/rules'
import { passenger } from '@/testing/passenger'
import { envelope, reply, serveApi } from '@/testing/server'

const trip = (overrides: Partial<Trip> = {}) =>
  ({
    id: 42,
    is_current_user_host: true,
    user_status: 'active',
    status: 'ACTIVE',
    is_past: false,
    chat_id: null,
    active_passenger_count: 1,
    total_passengers: 2,
    passengers: [passenger()],
    ...overrides,
  }) as Trip

function renderBar(shown: Trip, address = '/trip/42', lateCancelWindowSeconds?: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/trip/:tripId',
        element: (
          <TripActionBar trip={shown} onAskQuery={() => undefined} lateCancelWindowSeconds={lateCancelWindowSeconds} />
        ),
      },
      { path: '/chat-room/:chatId', element: <h1>Chat room</h1> },
      { path: '/rating/:tripId', element: <h1>Review Trip</h1> },
    ],
    { initialEntries: [address] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('trip sheet bottom bar', () => {
  it('opens the pending requests from the address', () => {
    renderBar(trip(), '/trip/42?viewRequest=true')
    expect(screen.getByRole('dialog', { name: 'Requests(1)' })).toBeInTheDocument()
  })

  it('says so when the address opens the requests and nothing is pending', () => {
    renderBar(trip({ passengers: [] }), '/trip/42?viewRequest=true')
    expect(screen.getByRole('dialog', { name: 'Requests(0)' })).toHaveTextContent(MESSAGES.JOIN_NONE_WAITING)
  })

  it('opens and closes the requests through the address', () => {
    const router = renderBar(trip())
    fireEvent.click(screen.getByRole('button', { name: 'Requests(1)' }))
    expect(router.state.location.search).toBe('?viewRequest=true')
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Requests(1)' }), { key: 'Escape' })
    expect(router.state.location.search).toBe('')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes the requests with their own Close button', () => {
    const router = renderBar(trip(), '/trip/42?viewRequest=true')
    const dialog = screen.getByRole('dialog', { name: 'Requests(1)' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(router.state.location.search).toBe('')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('tells a host with nobody joined that chat needs a member', () => {
    renderBar(trip())
    fireEvent.click(screen.getByRole('button', { name: 'Trip Chat' }))
    expect(screen.getByRole('dialog', { name: 'Alert' })).toHaveTextContent(
      'Chat is only available if someone has joined your trip.',
    )
  })

  it('opens the trip chat when there is one', () => {
    const router = renderBar(trip({ is_current_user_host: false, chat_id: 9 }))
    fireEvent.click(screen.getByRole('button', { name: 'Trip Chat' }))
    expect(router.state.location.pathname).toBe('/chat-room/9')
  })

  it('finds the chat of a trip that does not name it', async () => {
    const sent = serveApi(() => reply(envelope({ id: 42 })))
    const router = renderBar(trip({ is_current_user_host: false }))
    fireEvent.click(screen.getByRole('button', { name: 'Trip Chat' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat-room/42'))
    expect(sent).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/trip/chat/42' }))
  })

  it('offers an active member Review Trip after the trip when more than one travelled', () => {
    const router = renderBar(
      trip({ is_current_user_host: false, is_past: true, active_passenger_count: 2, chat_id: 9 }),
    )
    expect(screen.queryByRole('button', { name: 'Leave Trip' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Review Trip' }))
    expect(router.state.location.pathname).toBe('/rating/42')
  })

  it('offers no review before the trip, alone, or to someone who did not travel', () => {
    const member = { is_current_user_host: false, chat_id: 9 }
    renderBar(trip({ ...member, is_past: false, active_passenger_count: 2 }))
    expect(screen.getByRole('button', { name: 'Leave Trip' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Review Trip' })).not.toBeInTheDocument()
    cleanup()
    renderBar(trip({ ...member, is_past: true, active_passenger_count: 1 }))
    expect(screen.queryByRole('button', { name: 'Review Trip' })).not.toBeInTheDocument()
    cleanup()
    renderBar(trip({ ...member, is_past: true, active_passenger_count: 3, user_status: 'removed' }))
    expect(screen.queryByRole('button', { name: 'Review Trip' })).not.toBeInTheDocument()
    expect(screen.getByTestId('trip-member-status')).toHaveTextContent('Removed')
  })
})

describe('leaving close to departure', () => {
  const member = (minutesAhead: number) =>
    trip({
      is_current_user_host: false,
      user_status: 'active',
      scheduled_at: wallText(indiaWallTime(Date.now() + minutesAhead * 60_000)),
    })

  it('says before leaving that it will count as a late cancellation', () => {
    renderBar(member(30), '/trip/42', 7200)
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    expect(within(screen.getByRole('dialog', { name: 'Leave Trip' })).getByTestId('late-cancel-warning')).toHaveTextContent(
      'Leaving within 2 hours of departure will count as a late cancellation on your record.',
    )
  })

  it('says nothing when leaving earlier than the window', () => {
    renderBar(member(300), '/trip/42', 7200)
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    expect(screen.getByRole('dialog', { name: 'Leave Trip' })).toBeInTheDocument()
    expect(screen.queryByTestId('late-cancel-warning')).not.toBeInTheDocument()
  })
})
