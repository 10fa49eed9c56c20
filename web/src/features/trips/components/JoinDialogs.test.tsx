import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Passenger } from '../model/join'
import { joinStopsFor } from '../model/join-stops'
import { BlockUserDialog } from './BlockUserDialog'
import { LeaveTripDialog } from './LeaveTripDialog'
import { MembersDialog } from './MembersDialog'
import { RemoveMemberDialog } from './RemoveMemberDialog'
import { RequestsDialog } from './RequestsDialog'
import { RiderStopsList } from './RiderStopsLine'
import { SendRequestDialog } from './SendRequestDialog'
import { displayNumber } from './ShareNumberDialog'
import { toast } from '@/components/toast'
import type { Trip, TripMatch } from '@/components/trip/trip'
import { MESSAGES } from '@/generated/rules'
import { passenger } from '@/testing/passenger'
import { serveApi } from '@/testing/server'

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function mockApi(status = 200, message = 'Request sent successfully') {
  document.cookie = 'csrf_token=test-token'
  return serveApi(() => answer(status, { status: status < 400 ? 'SUCCESS' : 'FAILURE', message, data: null }))
}

const sentBody = (sent: ReturnType<typeof mockApi>) => sent[0].body

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

const requester = (overrides: Partial<Passenger> = {}): Passenger =>
  passenger({ is_kyc_verified: true, additional_note: 'At the mall gate', small_luggage: 1, large_luggage: 2, ...overrides })

const hostedTrip = (overrides: Partial<Trip> = {}) =>
  ({
    id: 42,
    is_current_user_host: true,
    active_passenger_count: 1,
    total_passengers: 2,
    passengers: [requester()],
    ...overrides,
  }) as Trip

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Send Request & Join Trip', () => {
  it('sends the luggage counts and the trimmed note, leaving out zeros', async () => {
    const sent = mockApi()
    const onClose = vi.fn()
    render(withClient(<SendRequestDialog tripId={42} open onClose={onClose} />))
    fireEvent.click(screen.getByRole('button', { name: 'More luggage' }))
    fireEvent.click(screen.getByRole('button', { name: 'More luggage' }))
    fireEvent.change(screen.getByLabelText(/Note for the host/), { target: { value: '  Two bags  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0].url).toBe('/api/trip/user')
    expect(sentBody(sent)).toEqual({ trip_id: 42, additional_note: 'Two bags', large_luggage: 2 })
  })

  it('keeps luggage between 0 and 20', () => {
    mockApi()
    render(withClient(<SendRequestDialog tripId={42} open onClose={() => undefined} />))
    expect(screen.getByRole('button', { name: 'Fewer handheld' })).toBeDisabled()
    for (let step = 0; step < 25; step++) fireEvent.click(screen.getByRole('button', { name: 'More handheld' }))
    expect(screen.getByRole('status', { name: 'Handheld' })).toHaveTextContent('20')
  })

  it('wraps a refusal in the spec words', async () => {
    mockApi(409, 'Trip is full')
    const shown = vi.spyOn(toast, 'error')
    render(withClient(<SendRequestDialog tripId={42} open onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Cannot Send Request : Trip is full'))
  })
})

describe('Requests(n)', () => {
  it('shows each requester with luggage and note, and answers with the host action', async () => {
    const sent = mockApi(200, 'Request accepted')
    render(withClient(<RequestsDialog trip={hostedTrip()} open onClose={() => undefined} />))
    expect(screen.getByRole('dialog', { name: 'Requests(1)' })).toBeInTheDocument()
    expect(screen.getByText('Luggage 2 · Handheld 1')).toBeInTheDocument()
    expect(screen.getByText('At the mall gate')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: /^Accept/ }))
    await waitFor(() => expect(sent).not.toHaveLength(0))
    expect(sent[0].url).toBe('/api/trip/user/host/7')
    expect(sentBody(sent)).toEqual({ action: 'APPROVE', trip_id: 42, additional_note: null })
  })

  it('cannot accept while the trip is full, but can decline', () => {
    mockApi()
    render(withClient(<RequestsDialog trip={hostedTrip({ active_passenger_count: 2 })} open onClose={() => undefined} />))
    expect(screen.getByRole('button', { name: /^Accept/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /^Decline/ })).toBeEnabled()
  })
})

describe('Report & Block User', () => {
  it('blocks without a reason, but needs one to report', async () => {
    const sent = mockApi(200, 'User reported and blocked')
    render(withClient(<BlockUserDialog person={{ id: 3, name: 'Asha Rao' }} onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Report' }))
    fireEvent.click(screen.getByRole('button', { name: 'Report & Block' }))
    expect(await screen.findByText('Reason is required')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Rude on the phone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Report & Block' }))
    await waitFor(() => expect(sent).not.toHaveLength(0))
    expect(sent[0].url).toBe('/api/user/block/3')
    expect(sentBody(sent)).toEqual({ reason: 'Rude on the phone', report_user: true })
  })

  it('says Internal Server Error when blocking fails', async () => {
    mockApi(500, 'boom')
    const shown = vi.spyOn(toast, 'error')
    render(withClient(<BlockUserDialog person={{ id: 3, name: 'Asha Rao' }} onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Internal Server Error'))
  })
})

describe('Leave Trip / Cancel Request', () => {
  it('leaves with the first preset reason unless another is chosen', async () => {
    const sent = mockApi(200, 'You have left the trip')
    const onClose = vi.fn()
    render(withClient(<LeaveTripDialog tripId={42} mode="leave" open onClose={onClose} />))
    expect(screen.getByRole('radio', { name: 'Found an another trip' })).toBeChecked()
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0].url).toBe('/api/trip/user/passenger')
    expect(sentBody(sent)).toEqual({ action: 'LEAVE', trip_id: 42, additional_note: 'Found an another trip' })
  })

  it('cancels a request with a reason of their own, once it has words', async () => {
    const sent = mockApi(200, 'Request cancelled')
    render(withClient(<LeaveTripDialog tripId={42} mode="cancel" open onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('radio', { name: 'Other reason' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Request' }))
    expect(await screen.findByText('Please select an option or write your reason')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Your reason'), { target: { value: ' Plans changed ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Request' }))
    await waitFor(() => expect(sent).not.toHaveLength(0))
    expect(sentBody(sent)).toEqual({ action: 'REVOKE_REQUEST', trip_id: 42, additional_note: 'Plans changed' })
  })

  it('wraps a refused leave in the spec words', async () => {
    mockApi(400, 'Cannot leave trip. Trip is in the past.')
    const shown = vi.spyOn(toast, 'error')
    render(withClient(<LeaveTripDialog tripId={42} mode="leave" open onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith('Cannot Leave Trip : Cannot leave trip. Trip is in the past.'),
    )
  })
})

describe('Remove from Trip', () => {
  it('removes with the chosen reason and says so', async () => {
    const sent = mockApi(200, 'Removed Successfully')
    const shown = vi.spyOn(toast, 'success')
    render(withClient(<RemoveMemberDialog tripId={42} member={requester({ status: 'active' })} onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('radio', { name: 'No replying messages' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Removed Successfully'))
    expect(sentBody(sent)).toEqual({ action: 'REMOVE', trip_id: 42, additional_note: 'No replying messages' })
  })

  it('says Error Removing when the server refuses', async () => {
    mockApi(409, 'Request not found')
    const shown = vi.spyOn(toast, 'error')
    render(withClient(<RemoveMemberDialog tripId={42} member={requester({ status: 'active' })} onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Error Removing'))
  })
})

describe('Share Number', () => {
  it('shows the number with the country code', () => {
    expect(displayNumber('9876543210')).toBe('+91 98765 43210')
  })
})

describe('riders along the way', () => {
  const HSR = { name: 'HSR Layout, Bengaluru, Karnataka', latitude: 12.9116, longitude: 77.6474 }
  const SHIVAJINAGAR = { name: 'Shivajinagar, Bengaluru, Karnataka', latitude: 12.9857, longitude: 77.6057 }
  const ends = {
    origin: { name: 'Electronic City', place_id: null, latitude: 12.845, longitude: 77.66 },
    destination: { name: 'Hebbal', place_id: null, latitude: 13.035, longitude: 77.597 },
  } as Partial<Trip>
  const alongMatch: TripMatch = {
    kind: 'along',
    pickup: { ...HSR, walk_m: 0 },
    drop: { ...SHIVAJINAGAR, walk_m: 0 },
    detour_minutes: 6,
  }
  const rider = (status: 'requested' | 'active') =>
    requester({ status, pickup: HSR, drop: SHIVAJINAGAR, detour_minutes: 6 })
  const line = 'Joins at HSR Layout · leaves at Shivajinagar · +6 min'

  it('confirms the pick-up and drop of the match and sends them', async () => {
    const sent = mockApi()
    const onClose = vi.fn()
    const stops = joinStopsFor(hostedTrip(ends), alongMatch)
    render(withClient(<SendRequestDialog tripId={42} open onClose={onClose} stops={stops} />))
    const group = within(screen.getByRole('group', { name: 'Your pick-up and drop' }))
    expect(group.getByRole('combobox', { name: 'Pick-up' })).toHaveValue(HSR.name)
    expect(group.getByRole('combobox', { name: 'Drop' })).toHaveValue(SHIVAJINAGAR.name)
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent[0].url).toBe('/api/trip/user')
    expect(sentBody(sent)).toEqual({
      trip_id: 42,
      pickup: { ...HSR, place_id: '' },
      drop: { ...SHIVAJINAGAR, place_id: '' },
    })
  })

  it("offers the trip's ends without a match, and sends no stops for them", async () => {
    const sent = mockApi()
    const onClose = vi.fn()
    render(withClient(<SendRequestDialog tripId={42} open onClose={onClose} stops={joinStopsFor(hostedTrip(ends), null)} />))
    expect(screen.getByRole('combobox', { name: 'Pick-up' })).toHaveValue('Electronic City')
    expect(screen.getByRole('combobox', { name: 'Drop' })).toHaveValue('Hebbal')
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sentBody(sent)).toEqual({ trip_id: 42 })
  })

  it("shows the API's refusal of a stop out of the host's way as other refusals", async () => {
    mockApi(422, MESSAGES.JOIN_STOPS_OUT_OF_WAY)
    const shown = vi.spyOn(toast, 'error')
    const stops = joinStopsFor(hostedTrip(ends), alongMatch)
    render(withClient(<SendRequestDialog tripId={42} open onClose={() => undefined} stops={stops} />))
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(`Cannot Send Request : ${MESSAGES.JOIN_STOPS_OUT_OF_WAY}`),
    )
  })

  it('tells the host where a requester joins and leaves, with the extra minutes', () => {
    render(withClient(<RequestsDialog trip={hostedTrip({ passengers: [rider('requested')] })} open onClose={() => undefined} />))
    expect(within(screen.getByTestId('join-request')).getByTestId('rider-stops')).toHaveTextContent(line)
  })

  it("shows each member's stops in the members' list", () => {
    const trip = hostedTrip({ is_past: false, passengers: [rider('active')] })
    render(withClient(<MembersDialog trip={trip} open onClose={() => undefined} onRemove={vi.fn()} onBlock={vi.fn()} />))
    expect(within(screen.getByTestId('trip-member')).getByTestId('rider-stops')).toHaveTextContent(line)
  })

  it('lists on the trip sheet where each rider joins and leaves, and nothing for a view without stops', () => {
    const { rerender } = render(<RiderStopsList people={[rider('active')]} />)
    const list = screen.getByRole('list', { name: 'Where riders join and leave' })
    expect(within(list).getByRole('listitem')).toHaveTextContent(`Ravi Kumar: ${line}`)
    rerender(<RiderStopsList people={[requester({ status: 'active' })]} />)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })
})
