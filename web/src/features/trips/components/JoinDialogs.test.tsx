import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Passenger } from '../model/join'
import { BlockUserDialog } from './BlockUserDialog'
import { LeaveTripDialog } from './LeaveTripDialog'
import { RemoveMemberDialog } from './RemoveMemberDialog'
import { RequestsDialog } from './RequestsDialog'
import { SendRequestDialog } from './SendRequestDialog'
import { displayNumber } from './ShareNumberDialog'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function mockApi(status = 200, message = 'Request sent successfully') {
  document.cookie = 'csrf_token=test-token'
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    answer(status, { status: status < 400 ? 'SUCCESS' : 'FAILURE', message, data: null }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const sentBody = (fetchMock: ReturnType<typeof mockApi>) => JSON.parse(String(fetchMock.mock.calls[0][1]?.body))

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

const requester = (overrides: Partial<Passenger> = {}): Passenger => ({
  id: 7,
  name: 'Ravi Kumar',
  average_rating: 0,
  flagged_count: 0,
  reliability: null,
  small_image_url: null,
  is_kyc_verified: true,
  additional_note: 'At the mall gate',
  small_luggage: 1,
  large_luggage: 2,
  status: 'requested',
  type: 'member',
  ...overrides,
})

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
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Send Request & Join Trip', () => {
  it('sends the luggage counts and the trimmed note, leaving out zeros', async () => {
    const fetchMock = mockApi()
    const onClose = vi.fn()
    render(withClient(<SendRequestDialog tripId={42} open onClose={onClose} />))
    fireEvent.click(screen.getByRole('button', { name: 'More luggage' }))
    fireEvent.click(screen.getByRole('button', { name: 'More luggage' }))
    fireEvent.change(screen.getByLabelText(/Note for the host/), { target: { value: '  Two bags  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fetchMock.mock.calls[0][0]).toBe('/api/trip/user')
    expect(sentBody(fetchMock)).toEqual({ trip_id: 42, additional_note: 'Two bags', large_luggage: 2 })
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
    const fetchMock = mockApi(200, 'Request accepted')
    render(withClient(<RequestsDialog trip={hostedTrip()} open onClose={() => undefined} />))
    expect(screen.getByRole('dialog', { name: 'Requests(1)' })).toBeInTheDocument()
    expect(screen.getByText('Luggage 2 · Handheld 1')).toBeInTheDocument()
    expect(screen.getByText('At the mall gate')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: /^Accept/ }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(fetchMock.mock.calls[0][0]).toBe('/api/trip/user/host/7')
    expect(sentBody(fetchMock)).toEqual({ action: 'APPROVE', trip_id: 42, additional_note: null })
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
    const fetchMock = mockApi(200, 'User reported and blocked')
    render(withClient(<BlockUserDialog person={{ id: 3, name: 'Asha Rao' }} onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Report' }))
    fireEvent.click(screen.getByRole('button', { name: 'Report & Block' }))
    expect(await screen.findByText('Reason is required')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Rude on the phone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Report & Block' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/block/3')
    expect(sentBody(fetchMock)).toEqual({ reason: 'Rude on the phone', report_user: true })
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
    const fetchMock = mockApi(200, 'You have left the trip')
    const onClose = vi.fn()
    render(withClient(<LeaveTripDialog tripId={42} mode="leave" open onClose={onClose} />))
    expect(screen.getByRole('radio', { name: 'Found an another trip' })).toBeChecked()
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fetchMock.mock.calls[0][0]).toBe('/api/trip/user/passenger')
    expect(sentBody(fetchMock)).toEqual({ action: 'LEAVE', trip_id: 42, additional_note: 'Found an another trip' })
  })

  it('cancels a request with a reason of their own, once it has words', async () => {
    const fetchMock = mockApi(200, 'Request cancelled')
    render(withClient(<LeaveTripDialog tripId={42} mode="cancel" open onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('radio', { name: 'Other reason' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Request' }))
    expect(await screen.findByText('Please select an option or write your reason')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Your reason'), { target: { value: ' Plans changed ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Request' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sentBody(fetchMock)).toEqual({ action: 'REVOKE_REQUEST', trip_id: 42, additional_note: 'Plans changed' })
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
    const fetchMock = mockApi(200, 'Removed Successfully')
    const shown = vi.spyOn(toast, 'success')
    render(withClient(<RemoveMemberDialog tripId={42} member={requester({ status: 'active' })} onClose={() => undefined} />))
    fireEvent.click(screen.getByRole('radio', { name: 'No replying messages' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Removed Successfully'))
    expect(sentBody(fetchMock)).toEqual({ action: 'REMOVE', trip_id: 42, additional_note: 'No replying messages' })
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
