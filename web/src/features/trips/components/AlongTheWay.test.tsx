import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { joinStopsFor } from '../model/join-stops'
import { MembersDialog } from './MembersDialog'
import { RequestsDialog } from './RequestsDialog'
import { RiderStopsList } from './RiderStopsLine'
import { SendRequestDialog } from './SendRequestDialog'
import TripRouteMap, { riderMarkers } from './TripRouteMap'
import type { TripMatch } from '@/components/trip/along'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'

const HSR = { name: 'HSR Layout, Bengaluru, Karnataka', latitude: 12.9116, longitude: 77.6474 }
const SHIVAJINAGAR = { name: 'Shivajinagar, Bengaluru, Karnataka', latitude: 12.9857, longitude: 77.6057 }
const ELECTRONIC_CITY = { name: 'Electronic City', place_id: null, latitude: 12.845, longitude: 77.66 }
const HEBBAL = { name: 'Hebbal', place_id: null, latitude: 13.035, longitude: 77.597 }

const rider = (status: 'requested' | 'active') => ({
  id: 7,
  name: 'Ravi Kumar',
  average_rating: 0,
  flagged_count: 0,
  reliability: null,
  small_image_url: null,
  is_kyc_verified: false,
  additional_note: null,
  small_luggage: 0,
  large_luggage: 0,
  status,
  type: 'member',
  pickup: HSR,
  drop: SHIVAJINAGAR,
  detour_minutes: 6,
})

const hostedTrip = (status: 'requested' | 'active') =>
  ({
    id: 42,
    is_current_user_host: true,
    is_past: false,
    active_passenger_count: status === 'active' ? 2 : 1,
    total_passengers: 3,
    origin: { ...ELECTRONIC_CITY, is_approximate: false },
    destination: { ...HEBBAL, is_approximate: false },
    cab: null,
    passengers: [rider(status)],
  }) as unknown as Trip

const alongMatch: TripMatch = {
  kind: 'along',
  pickup: { ...HSR, walk_m: 0 },
  drop: { ...SHIVAJINAGAR, walk_m: 0 },
  detour_minutes: 6,
}

function mockApi(status = 200, message = 'Request sent successfully') {
  document.cookie = 'csrf_token=test-token'
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify({ status: status < 400 ? 'SUCCESS' : 'FAILURE', message, data: null }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('joining along the way', () => {
  it('confirms the pick-up and drop of the match and sends them', async () => {
    const fetchMock = mockApi()
    const onClose = vi.fn()
    const stops = joinStopsFor(hostedTrip('requested'), alongMatch)
    render(withClient(<SendRequestDialog tripId={42} open onClose={onClose} stops={stops} />))
    const group = within(screen.getByRole('group', { name: 'Your pick-up and drop' }))
    expect(group.getByRole('combobox', { name: 'Pick-up' })).toHaveValue(HSR.name)
    expect(group.getByRole('combobox', { name: 'Drop' })).toHaveValue(SHIVAJINAGAR.name)
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fetchMock.mock.calls[0][0]).toBe('/api/trip/user')
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      trip_id: 42,
      pickup: { ...HSR, place_id: '' },
      drop: { ...SHIVAJINAGAR, place_id: '' },
    })
  })

  it("offers the trip's ends without a match, and sends no stops for them", async () => {
    const fetchMock = mockApi()
    const onClose = vi.fn()
    render(withClient(<SendRequestDialog tripId={42} open onClose={onClose} stops={joinStopsFor(hostedTrip('requested'), null)} />))
    expect(screen.getByRole('combobox', { name: 'Pick-up' })).toHaveValue('Electronic City')
    expect(screen.getByRole('combobox', { name: 'Drop' })).toHaveValue('Hebbal')
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ trip_id: 42 })
  })

  it("shows the API's refusal of a stop out of the host's way as other refusals", async () => {
    mockApi(422, "This pick-up is too far out of the host's way")
    const shown = vi.spyOn(toast, 'error')
    render(withClient(<SendRequestDialog tripId={42} open onClose={() => undefined} stops={joinStopsFor(hostedTrip('requested'), alongMatch)} />))
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith("Cannot Send Request : This pick-up is too far out of the host's way"),
    )
  })
})

describe("riders' stops", () => {
  const line = 'Joins at HSR Layout · leaves at Shivajinagar · +6 min'

  it('tells the host where a requester joins and leaves, with the extra minutes', () => {
    render(withClient(<RequestsDialog trip={hostedTrip('requested')} open onClose={() => undefined} />))
    expect(within(screen.getByTestId('join-request')).getByTestId('rider-stops')).toHaveTextContent(line)
  })

  it("shows each member's stops in the members' list", () => {
    render(
      withClient(
        <MembersDialog trip={hostedTrip('active')} open onClose={() => undefined} onRemove={vi.fn()} onBlock={vi.fn()} />,
      ),
    )
    expect(within(screen.getByTestId('trip-member')).getByTestId('rider-stops')).toHaveTextContent(line)
  })

  it('lists on the trip sheet where each rider joins and leaves, and nothing for a view without stops', () => {
    const { rerender } = render(<RiderStopsList people={[rider('active')]} />)
    const list = screen.getByRole('list', { name: 'Where riders join and leave' })
    expect(within(list).getByRole('listitem')).toHaveTextContent(`Ravi Kumar: ${line}`)
    rerender(<RiderStopsList people={[{ id: 3, name: 'Old view' }]} />)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it("draws the active riders' own stops between the ends, named for screen readers", () => {
    const trip = hostedTrip('active')
    expect(riderMarkers(trip).map((marker) => marker.label)).toEqual([
      'Ravi Kumar joins at HSR Layout',
      'Ravi Kumar leaves at Shivajinagar',
    ])
    expect(riderMarkers(hostedTrip('requested'))).toEqual([])
    const { container } = render(<TripRouteMap trip={trip} />)
    const map = screen.getByRole('img', {
      name: 'Map of the route from Electronic City to Hebbal; Ravi Kumar joins at HSR Layout, Ravi Kumar leaves at Shivajinagar',
    })
    expect(map).toHaveAttribute('data-rider-stops', '2')
    expect(container.querySelectorAll('path.leaflet-interactive').length).toBe(5) // the line, two riders' stops, two ends
  })
})
