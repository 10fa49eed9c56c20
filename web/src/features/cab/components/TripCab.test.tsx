import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, renderHook, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CAB_STATUS_LABELS, cabStatusLine, type Cab } from '../model/trip-cab'
import { TripCab } from './TripCab'
import type { Trip } from '@/components/trip/trip'
import { useT } from '@/i18n'
import { configQueryOptions } from '@/lib/session'

const cab = (overrides: Partial<Cab> = {}): Cab => ({
  status: 'booked',
  category: 'sedan',
  number_of_stops: 1,
  stops: [{ name: 'HSR Layout', place_id: 'in-560102', fare: 412.6 }],
  fare: 1234.5,
  raised_issue: null,
  driver: { name: 'Ramesh', contact: { phone: '9876543210' } },
  vehicle: { model: 'Maruti Suzuki Dzire', registration_number: 'KA01AB1234' },
  vendor: { name: 'CityCab', logo: null, total_fare: 1234.5, fare_breakup: {} },
  ...overrides,
}) as Cab

function renderCab(shown: Partial<Cab>, host = true, overrides: Partial<Trip> = {}) {
  const client = new QueryClient()
  client.setQueryData(configQueryOptions().queryKey, {
    valid_cab_categories: { sedan: 'Sedan' },
    not_eligible_cab_explanation_heading: 'Not eligible for a cab',
    not_eligible_cab_explanation_content: '<p>Not here.</p>',
    unfulfilled_cab_explanation_heading: 'Cab request unfulfilled',
    unfulfilled_cab_explanation_content: '<p>Nobody came.</p>',
  } as never)
  const trip = { id: 42, is_current_user_host: host, is_past: false, cab: cab(shown), ...overrides } as Trip
  const router = createMemoryRouter([{ path: '/', element: <TripCab trip={trip} /> }])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('the trip sheet cab block', () => {
  it('reads Booked with the driver and the vehicle, the fare in whole rupees', () => {
    renderCab({})
    expect(screen.getByTestId('cab-status')).toHaveTextContent('Status: Booked')
    const details = screen.getByTestId('cab-details')
    expect(within(details).getByText('Driver').nextSibling).toHaveTextContent('Ramesh')
    expect(details).toHaveTextContent('Maruti Suzuki Dzire · KA01AB1234')
    expect(within(details).getByText('Fare').nextSibling).toHaveTextContent(/^₹1,235$/)
  })

  it('gives every status its own label', () => {
    const labels = Object.values(CAB_STATUS_LABELS)
    expect(new Set(labels).size).toBe(labels.length)
    expect(Object.keys(CAB_STATUS_LABELS).sort()).toEqual(
      ['booked', 'cancelled', 'eligible', 'not_eligible', 'requested', 'unfulfilled', 'vendor_cancelled'].sort(),
    )
    const t = renderHook(() => useT()).result.current
    expect(cabStatusLine('requested', true, t)).toBe('Request Sent: waiting for a driver')
    expect(cabStatusLine('requested', false, t)).toBe('Status: Requested')
  })

  it.each([
    ['cancelled', 'Status: Cancelled'],
    ['vendor_cancelled', 'Status: Cancelled by the vendor'],
    ['eligible', 'Status: Not requested yet'],
    ['not_eligible', 'Status: Not Eligible'],
    ['unfulfilled', 'Status: Unfulfilled'],
  ] as const)('a %s cab reads "%s" to the host', (status, text) => {
    renderCab({ status, driver: null, vehicle: null, vendor: null })
    expect(screen.getByTestId('cab-status')).toHaveTextContent(text)
  })

  it('names its icon-only buttons, with a tooltip', () => {
    renderCab({ status: 'unfulfilled', driver: null, vehicle: null, vendor: null })
    expect(screen.getByRole('button', { name: 'Cab request unfulfilled' })).toHaveAttribute('title', 'Cab request unfulfilled')
    expect(screen.getByRole('button', { name: 'Raise an issue' })).toHaveAttribute('title', 'Raise an issue')
  })
})

describe('a cab another change cancelled', () => {
  const ended = { status: 'cancelled', driver: null, vehicle: null, cancelled_because: "the trip's time changed" } as const

  it.each([true, false])('says why to the host and the members (host: %s)', (host) => {
    renderCab(ended, host)
    expect(screen.getByTestId('cab-cancelled-because')).toHaveTextContent("Cancelled because the trip's time changed")
    expect(screen.getByTestId('cab-status')).toHaveTextContent('Status: Cancelled')
  })

  it('says the trip was deleted, to the host without a new request', () => {
    renderCab({ ...ended, cancelled_because: 'the trip was deleted' }, true, { status: 'CANCELLED' })
    expect(screen.getByTestId('cab-cancelled-because')).toHaveTextContent('Cancelled because the trip was deleted')
    expect(screen.queryByRole('button', { name: 'Request Now' })).toBeNull()
  })

  it('says nothing more of a cab its host cancelled, and members do not see it', () => {
    renderCab({ ...ended, cancelled_because: null })
    expect(screen.queryByTestId('cab-cancelled-because')).toBeNull()
    renderCab({ ...ended, cancelled_because: null }, false)
    expect(screen.getAllByTestId('trip-cab')).toHaveLength(1)
  })
})

describe('raising an issue', () => {
  it.each(['booked', 'cancelled', 'vendor_cancelled'] as const)(
    'on a %s cab, once: afterwards the icon is still shown, disabled',
    (status) => {
      renderCab({ status, raised_issue: 'The driver never came' })
      const icon = screen.getByRole('button', { name: 'Issue raised' })
      expect(icon).toBeDisabled()
      expect(icon).toHaveAttribute('title', 'Issue raised')
    },
  )

  it('offers Cancel, which closes the dialog without sending', () => {
    renderCab({})
    fireEvent.click(screen.getByRole('button', { name: 'Raise an issue' }))
    const dialog = screen.getByTestId('raise-issue-dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByTestId('raise-issue-dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Raise an issue' })).toBeEnabled()
  })
})
