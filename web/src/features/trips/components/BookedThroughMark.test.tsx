import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Passenger } from '../model/join'
import { MembersDialog } from './MembersDialog'
import { RequestsDialog } from './RequestsDialog'
import { BookedThroughMark } from '@/components/trip/BookedThroughMark'
import type { Trip } from '@/components/trip/trip'
import { I18nProvider, type Locale } from '@/i18n'
import { passenger } from '@/testing/passenger'

const BUYER_APP = 'buyer.sandbox.example.in'

const networkRider = (overrides: Partial<Passenger> = {}): Passenger =>
  passenger({ id: 8, name: 'Asha', booked_through: BUYER_APP, ...overrides })

const hostedTrip = (passengers: Passenger[]) =>
  ({ id: 42, is_current_user_host: true, is_past: false, active_passenger_count: 1, total_passengers: 4, passengers }) as Trip

function shown(children: ReactNode, locale: Locale = 'en') {
  const client = new QueryClient()
  return render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>,
  )
}

describe("a network rider's mark", () => {
  it("marks a network rider among the host's requests with the buyer app, and the app's own member not at all", () => {
    const trip = hostedTrip([networkRider(), passenger({ id: 7, name: 'Ravi Kumar' })])
    shown(<RequestsDialog trip={trip} open onClose={() => undefined} />)
    const [asha, ravi] = screen.getAllByTestId('join-request')
    expect(within(asha).getByTestId('booked-through')).toHaveTextContent(`Booked through ${BUYER_APP}`)
    expect(within(ravi).queryByTestId('booked-through')).not.toBeInTheDocument()
  })

  it("marks a network rider among the trip's members", () => {
    const trip = hostedTrip([networkRider({ status: 'active' }), passenger({ id: 7, status: 'active' })])
    shown(<MembersDialog trip={trip} open onClose={() => undefined} onRemove={vi.fn()} onBlock={vi.fn()} />)
    const [asha, ravi] = screen.getAllByTestId('trip-member')
    expect(within(asha).getByText(`Booked through ${BUYER_APP}`)).toBeVisible()
    expect(within(ravi).queryByTestId('booked-through')).not.toBeInTheDocument()
  })

  it("leaves a network rider's name unlinked, with no profile in the app to open, and links the app's own member", () => {
    const trip = hostedTrip([networkRider(), passenger({ id: 7, name: 'Ravi Kumar' })])
    shown(<RequestsDialog trip={trip} open onClose={() => undefined} />)
    const [asha, ravi] = screen.getAllByTestId('join-request')
    expect(within(asha).queryByTestId('person-button')).not.toBeInTheDocument()
    expect(within(asha).getAllByTestId('network-rider')[1]).toHaveTextContent('Asha')
    expect(within(asha).getByRole('button', { name: 'Accept Asha' })).toBeEnabled()
    expect(within(ravi).getByRole('button', { name: "Ravi Kumar's profile" })).toBeInTheDocument()
  })

  it('shows a short "via" in a tight row and lets a screen reader hear the whole mark', () => {
    shown(<BookedThroughMark app={BUYER_APP} compact />)
    const mark = screen.getByTestId('booked-through')
    expect(mark).toHaveAttribute('title', `Booked through ${BUYER_APP}`)
    expect(within(mark).getByText(`via ${BUYER_APP}`)).toHaveAttribute('aria-hidden', 'true')
    const heard = within(mark).getByText(`Booked through ${BUYER_APP}`)
    expect(heard).toHaveClass('visually-hidden')
    expect(heard).not.toHaveAttribute('aria-hidden')
  })

  it('draws nothing for one of the app’s own members', () => {
    const { container } = shown(<BookedThroughMark app={null} />)
    expect(container).toBeEmptyDOMElement()
  })

  it.each([
    ['hi', `${BUYER_APP} से बुक किया गया`],
    ['kn', `${BUYER_APP} ಮೂಲಕ ಬುಕ್ ಮಾಡಲಾಗಿದೆ`],
  ] as const)('says the mark in %s', async (locale, words) => {
    shown(<RequestsDialog trip={hostedTrip([networkRider()])} open onClose={() => undefined} />, locale)
    expect(await screen.findByText(words)).toBeInTheDocument()
  })
})
