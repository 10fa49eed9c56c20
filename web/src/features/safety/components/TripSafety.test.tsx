import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SOS_REFRESH_MS, TripSafety } from './TripSafety'
import { Toaster } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import { LIMITS, SAFETY_MESSAGES } from '@/generated/rules'
import { storage } from '@/lib/storage'
import { serveApi } from '@/testing/server'

type Answer = { status: number; message?: string; data?: unknown }
const envelope = ({ status, message = '', data = null }: Answer) =>
  new Response(JSON.stringify({ status: status < 400 ? 'SUCCESS' : 'FAILURE', message, data }), { status })

const LINK = 'https://humsafar.example/t/abcdefghijklmnopqrstuvwxyz0123456789'
const window_ = { opens_at: '2026-05-14T09:00:00+05:30', closes_at: '2026-05-14T10:30:00+05:30' }

type Api = { contacts?: unknown[]; sos?: { available: boolean; status: string | null }; shared?: boolean }
const LIVE_LINK = { url: LINK, expires_at: '2026-05-14T11:30:00+05:30' }

/** The safety API for one trip, with each call it was sent. */
function serve({
  contacts = [{ name: 'Meera', mobile_number: '9123456780' }],
  sos = { available: true, status: null },
  shared = false,
}: Api = {}) {
  const state = { sos: { ...window_, ...sos }, shared }
  const requests = serveApi(({ method, url: path }) => {
    if (path === '/api/user/emergency-contacts') return envelope({ status: 200, data: { contacts } })
    if (path === '/api/trip/sos/42' && method === 'GET') return envelope({ status: 200, data: state.sos })
    if (path === '/api/trip/sos/42' && method === 'POST') {
      state.sos = { ...state.sos, status: 'open' }
      return envelope({ status: 200, message: SAFETY_MESSAGES.SOS_RAISED, data: { status: 'open' } })
    }
    if (path === '/api/trip/sos/42' && method === 'DELETE') {
      state.sos = { ...state.sos, status: null }
      return envelope({ status: 200, message: SAFETY_MESSAGES.SOS_RESOLVED })
    }
    if (path === '/api/trip/share/42' && method === 'GET') return envelope({ status: 200, data: state.shared ? LIVE_LINK : null })
    if (path === '/api/trip/share/42' && method === 'POST') {
      state.shared = true
      return envelope({ status: 200, data: LIVE_LINK })
    }
    if (path === '/api/trip/share/42' && method === 'DELETE') {
      state.shared = false
      return envelope({ status: 200, message: SAFETY_MESSAGES.TRIP_SHARE_REVOKED })
    }
    return envelope({ status: 200 })
  })
  const sent = (method: string, path: string) => requests.filter((request) => request.url === path && request.method === method)
  const setSos = (change: Api['sos']) => {
    state.sos = { ...state.sos, ...change }
  }
  return { sent, setSos }
}

function renderBlock(shown: Partial<Trip> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const trip = { id: 42, is_current_user_host: false, user_status: 'active', status: 'ACTIVE', ...shown } as Trip
  const router = createMemoryRouter([
    { path: '/', element: <TripSafety trip={trip} /> },
    { path: '/emergency-contacts', element: <h1>Emergency contacts page</h1> },
  ])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
}

/** Clipboard and Web Share as a browser may or may not have them. */
function stubSharing(share?: (data: ShareData) => Promise<void>) {
  const writeText = vi.fn(async () => undefined)
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } })
  return { writeText }
}

describe('the trip sheet’s safety block', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is not drawn for someone who only asked to join, nor on a cancelled trip', () => {
    serve()
    renderBlock({ user_status: 'requested' })
    expect(screen.queryByTestId('trip-safety')).not.toBeInTheDocument()
    renderBlock({ is_current_user_host: true, user_status: 'default', status: 'CANCELLED' })
    expect(screen.queryByTestId('trip-safety')).not.toBeInTheDocument()
  })

  it('nudges a person without emergency contacts to add some, until dismissed', async () => {
    serve({ contacts: [] })
    renderBlock({ is_current_user_host: true, user_status: 'default' })
    const nudge = await screen.findByTestId('contacts-nudge')
    expect(screen.getByRole('link', { name: 'Add emergency contacts' })).toHaveAttribute('href', '/emergency-contacts')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(nudge).not.toBeInTheDocument()
    expect(storage.contactsNudgeDismissed.get()).toBe(true)
  })

  it.each([
    ['has contacts', [{ name: 'Meera', mobile_number: '9123456780' }], false],
    ['dismissed it before', [], true],
  ])('does not nudge a person who %s', async (_, contacts, dismissed) => {
    if (dismissed) storage.contactsNudgeDismissed.set(true)
    serve({ contacts })
    renderBlock()
    await screen.findByTestId('sos-button')
    expect(screen.queryByTestId('contacts-nudge')).not.toBeInTheDocument()
  })

  it('shares the live link through the phone’s share sheet where there is one', async () => {
    const api = serve()
    const share = vi.fn(async () => undefined)
    const { writeText } = stubSharing(share)
    renderBlock()
    await userEvent.click(screen.getByRole('button', { name: 'Share live trip' }))
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK })))
    expect(writeText).not.toHaveBeenCalled()
    expect(api.sent('POST', '/api/trip/share/42')).toHaveLength(1)
    expect(screen.getByTestId('live-link')).toHaveAttribute('href', LINK)
  })

  it('copies the live link where the browser cannot share, and stops sharing it', async () => {
    const api = serve()
    const { writeText } = stubSharing(undefined)
    renderBlock()
    await userEvent.click(screen.getByRole('button', { name: 'Share live trip' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK))
    expect(await screen.findByText('Live link copied')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }))
    expect(await screen.findByText(SAFETY_MESSAGES.TRIP_SHARE_REVOKED)).toBeInTheDocument()
    expect(api.sent('DELETE', '/api/trip/share/42')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument()
  })

  it('shows the live link shared before the page was reloaded, and that it can be turned off', async () => {
    const api = serve({ shared: true })
    renderBlock()
    expect(await screen.findByTestId('live-link')).toHaveAttribute('href', LINK)
    expect(api.sent('GET', '/api/trip/share/42')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }))
    expect(await screen.findByText(SAFETY_MESSAGES.TRIP_SHARE_REVOKED)).toBeInTheDocument()
    expect(screen.queryByTestId('live-link')).not.toBeInTheDocument()
  })

  it('shows no live link when none is shared', async () => {
    const api = serve()
    renderBlock()
    await waitFor(() => expect(api.sent('GET', '/api/trip/share/42')).toHaveLength(1))
    await screen.findByTestId('sos-button')
    expect(screen.queryByTestId('live-link')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument()
  })

  it('offers 112 beside SOS, and only 112 outside SOS’s window', async () => {
    serve({ sos: { available: false, status: null } })
    renderBlock()
    expect(await screen.findByRole('link', { name: `Call ${LIMITS.EMERGENCY_NUMBER}` })).toHaveAttribute('href', 'tel:112')
    await waitFor(() => expect(screen.queryByTestId('sos-button')).not.toBeInTheDocument())
  })

  it('raises SOS after the full hold, then shows its banner with “I am safe” and 112', async () => {
    const api = serve()
    stubSharing(undefined)
    renderBlock()
    const button = await screen.findByTestId('sos-button')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 })
    act(() => vi.advanceTimersByTime(LIMITS.SOS_HOLD_MS + 100))
    vi.useRealTimers()

    const banner = await screen.findByTestId('sos-banner')
    expect(banner).toHaveTextContent('SOS raised')
    expect(api.sent('POST', '/api/trip/sos/42')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112')

    await userEvent.click(screen.getByRole('button', { name: 'I am safe' }))
    expect(await screen.findByText(SAFETY_MESSAGES.SOS_RESOLVED)).toBeInTheDocument()
    expect(api.sent('DELETE', '/api/trip/sos/42')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByTestId('sos-banner')).not.toBeInTheDocument())
  })

  it('reads the SOS again every 15 s while the sheet is open', async () => {
    const api = serve()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderBlock()
    await screen.findByTestId('sos-button')
    api.setSos({ available: true, status: 'acknowledged' })
    await act(() => vi.advanceTimersByTimeAsync(SOS_REFRESH_MS))
    expect(await screen.findByTestId('sos-banner')).toHaveTextContent('Support has seen your SOS')
  })
})
