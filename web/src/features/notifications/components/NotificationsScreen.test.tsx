import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotificationsScreen } from './NotificationsScreen'
import { shouldOfferPush } from './PushPermissionDialog'
import { toast } from '@/components/toast'
import { I18nProvider, type Locale } from '@/i18n'
import { hasUnread, markSeen } from '@/lib/notifications'
import { storage } from '@/lib/storage'
import { envelope, failure, reply, serveApi } from '@/testing/server'

const HOUR = 3600_000

const notice = (
  id: number,
  hoursAgo: number,
  entity_type = 'request',
  title = 'New request',
  sender: { id: number | null; image: string | null; name?: string | null; booked_through?: string | null } = {
    id: 3,
    image: null,
  },
) => ({
  id,
  title,
  message: `Message ${id}`,
  timestamp: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  sender,
  entity_type,
  entity_id: '42',
})

type Windows = Record<number, object[]>

/** Answers each history call by which ten-day window it asks for (0 = the last ten days). */
function mockHistory(windows: Windows, failing = false) {
  const calls: URL[] = []
  serveApi(({ url: address }) => {
    const url = new URL(address, 'http://localhost')
    calls.push(url)
    if (failing) return reply(failure('Some error occur!'), 500)
    const to = Date.parse(url.searchParams.get('to') ?? new Date().toISOString())
    const page = Math.round((Date.now() - to) / (240 * HOUR))
    const kinds = url.searchParams.get('entity_types')?.split(',')
    const data = (windows[page] ?? []).filter((item) => !kinds || kinds.includes((item as { entity_type: string }).entity_type))
    return reply(envelope(data, 'OK'))
  })
  return calls
}

const LONG_AGO = '2024-01-01T00:00:00Z'
const BUYER_APP = 'buyer.sandbox.example.in'

function renderScreen(receive_notification = false, member_since = LONG_AGO, locale: Locale = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['user'], { id: 1, name: 'Asha Rao', receive_notification, member_since })
  client.setQueryData(['configuration'], { web_push_vapid_public_key: 'BKey' })
  const router = createMemoryRouter(
    [
      { path: '/notifications', Component: NotificationsScreen },
      { path: '/trip/:tripId', Component: () => <p>Trip sheet</p> },
    ],
    { initialEntries: ['/notifications'] },
  )
  render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return router
}

afterEach(() => {
  document.documentElement.lang = 'en-IN'
})

describe('NotificationsScreen', () => {
  it('lists the newest first with their ages, and a request opens the trip with its requests', async () => {
    mockHistory({ 0: [notice(2, 3), notice(1, 30, 'query', 'New question')] })
    const router = renderScreen()
    const items = await screen.findAllByTestId('notification')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('New request3 hours ago'),
      expect.stringContaining('New question1d ago'),
    ])
    fireEvent.click(items[0])
    await waitFor(() => expect(router.state.location.pathname).toBe('/trip/42'))
    expect(router.state.location.search).toBe('?viewRequest=true')
  })

  it('shows only requests on the Request tab, and the tabs follow the arrow keys', async () => {
    const calls = mockHistory({ 0: [notice(2, 3), notice(1, 5, 'query', 'New question')] })
    renderScreen()
    await screen.findAllByTestId('notification')
    const all = screen.getByRole('tab', { name: 'All' })
    expect(all).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(all, { key: 'ArrowRight' })
    const request = screen.getByRole('tab', { name: 'Request' })
    expect(request).toHaveAttribute('aria-selected', 'true')
    expect(request).toHaveFocus()
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(1))
    expect(calls.at(-1)?.searchParams.get('entity_types')).toBe('request')
  })

  it('reads earlier windows while nothing turns up, then says how many days it looked at', async () => {
    const calls = mockHistory({})
    renderScreen()
    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications…')
    expect(await screen.findByText("No notifications found in last 40 days", {}, { timeout: 4000 })).toBeInTheDocument()
    expect(calls).toHaveLength(4)
    const spans = calls.map((url) => Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!))
    expect(new Set(spans)).toEqual(new Set([240 * HOUR]))
  })

  it('speaks Hindi: the tabs, and the days looked at counted in Hindi words', async () => {
    mockHistory({})
    renderScreen(false, LONG_AGO, 'hi')
    expect(await screen.findByRole('tab', { name: 'सभी' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'रिक्वेस्ट' })).toBeInTheDocument()
    expect(await screen.findByText('पिछले 40 दिनों में कोई नोटिफ़िकेशन नहीं मिला', {}, { timeout: 4000 })).toBeInTheDocument()
  })

  it('tells a newcomer there is nothing yet, without counting days they were not here', async () => {
    mockHistory({})
    renderScreen(false, new Date(Date.now() - 2 * 24 * HOUR).toISOString())
    expect(await screen.findByRole('heading', { name: 'No notifications yet' }, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByText('Requests, answers and trip news will show up here.')).toBeInTheDocument()
    expect(screen.queryByText(/in last/)).not.toBeInTheDocument()
  })

  it("shows the sender's picture, or their initials, never the title's; the app's own notices carry its mark", async () => {
    mockHistory({
      0: [
        notice(3, 1, 'request', 'New request', { id: 7, image: '/api/media/ravi.jpg', name: 'Ravi Kumar' }),
        notice(2, 2, 'trip', 'Trip cancelled', { id: 8, image: null, name: 'Meera Iyer' }),
        notice(1, 3, 'trip', 'Trip reminder', { id: null, image: null, name: null }),
      ],
    })
    renderScreen()
    const [withPicture, withoutPicture, fromTheApp] = await screen.findAllByRole('listitem')
    expect(withPicture.querySelector('img')).toHaveAttribute('src', '/api/media/ravi.jpg')
    expect(within(withPicture).getByRole('button', { name: /Ravi Kumar/ })).toBeInTheDocument()
    expect(withoutPicture.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'MI')
    expect(fromTheApp.querySelector('[data-initials]')).toBeNull()
    expect(within(fromTheApp).getByTestId('app-sender')).toBeInTheDocument()
  })

  it("marks a network rider's request with the buyer app and opens no profile they do not have", async () => {
    mockHistory({
      0: [
        notice(2, 1, 'request', 'New request', { id: 8, image: '/api/media/asha.jpg', name: 'Asha', booked_through: BUYER_APP }),
        notice(1, 2, 'request', 'New request', { id: 7, image: null, name: 'Ravi Kumar', booked_through: null }),
      ],
    })
    const router = renderScreen()
    const [asha, ravi] = await screen.findAllByRole('listitem')
    expect(within(asha).getByTestId('booked-through')).toHaveTextContent(`Booked through ${BUYER_APP}`)
    expect(within(asha).queryByTestId('person-button')).not.toBeInTheDocument()
    expect(within(asha).queryByRole('button')).not.toBeInTheDocument()
    // The picture is part of the notice, which a screen reader hears whole, mark included, and the keyboard reaches.
    const link = within(asha).getByRole('link', { name: /Booked through buyer\.sandbox\.example\.in/ })
    expect(link.querySelector('img')).toHaveAttribute('src', '/api/media/asha.jpg')
    link.focus()
    expect(link).toHaveFocus()
    // The app's own member keeps their profile, and no mark.
    expect(within(ravi).getByRole('button', { name: "Ravi Kumar's profile" })).toBeInTheDocument()
    expect(within(ravi).queryByTestId('booked-through')).not.toBeInTheDocument()
    fireEvent.click(link.querySelector('img')!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/trip/42'))
    expect(router.state.location.search).toBe('?viewRequest=true')
  })

  it.each([
    ['hi', `${BUYER_APP} से बुक किया गया`],
    ['kn', `${BUYER_APP} ಮೂಲಕ ಬುಕ್ ಮಾಡಲಾಗಿದೆ`],
  ] as const)("says a network rider's mark in %s", async (locale, words) => {
    mockHistory({ 0: [notice(1, 1, 'request', 'New request', { id: 8, image: null, name: 'Asha', booked_through: BUYER_APP })] })
    renderScreen(false, LONG_AGO, locale)
    expect(await screen.findByText(words)).toBeInTheDocument()
  })

  it("gives each notice's full date and time in the language, on the app's 12-hour clock", async () => {
    mockHistory({ 0: [notice(1, 30)] })
    renderScreen()
    const time = (await screen.findByTestId('notification')).querySelector('time')
    expect(time?.getAttribute('title')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, (1[0-2]|[1-9]):[0-5]\d (am|pm)$/)
  })

  it('loads an earlier window on request, up to three of them', async () => {
    mockHistory({ 0: [notice(3, 2)], 1: [notice(2, 300)], 3: [notice(1, 700)] })
    renderScreen()
    await screen.findAllByTestId('notification')
    for (const expected of [2, 2, 3]) {
      fireEvent.click(screen.getByRole('button', { name: 'Load earlier notifications' }))
      await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(expected))
      await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument())
    }
    expect(screen.queryByRole('button', { name: 'Load earlier notifications' })).not.toBeInTheDocument()
  })

  it('offers to try again when the list cannot be loaded', async () => {
    mockHistory({}, true)
    renderScreen()
    const failed = await screen.findByRole('heading', { name: 'Could not load notifications' })
    expect(failed.parentElement).toHaveTextContent('Some error occur!')
    mockHistory({ 0: [notice(1, 1)] })
    fireEvent.click(within(failed.parentElement!).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('notification')).toBeInTheDocument()
  })

  it('marks the newest as seen, so the bell goes dark', async () => {
    const newest = notice(2, 1)
    mockHistory({ 0: [newest, notice(1, 2)] })
    expect(hasUnread(newest, storage.notificationsSeenAt.get())).toBe(true)
    renderScreen()
    await screen.findAllByTestId('notification')
    await waitFor(() => expect(storage.notificationsSeenAt.get()).toBe(newest.timestamp))
    expect(hasUnread(newest, storage.notificationsSeenAt.get())).toBe(false)
  })
})

describe('unread dot', () => {
  it('shows only when the latest is newer than the last viewed', () => {
    expect(hasUnread(null, null)).toBe(false)
    expect(hasUnread({ timestamp: '2026-01-02T00:00:00Z' }, null)).toBe(true)
    expect(hasUnread({ timestamp: '2026-01-02T00:00:00Z' }, '2026-01-01T00:00:00Z')).toBe(true)
    expect(hasUnread({ timestamp: '2026-01-02T00:00:00Z' }, '2026-01-02T00:00:00Z')).toBe(false)
    markSeen({ timestamp: '2026-01-02T00:00:00Z' })
    markSeen({ timestamp: '2026-01-01T00:00:00Z' })
    expect(storage.notificationsSeenAt.get()).toBe('2026-01-02T00:00:00Z')
  })
})

describe('push permission dialog', () => {
  function stubBrowser(permission: NotificationPermission, requestPermission = vi.fn(async () => 'denied' as const)) {
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission }))
    vi.stubGlobal('PushManager', function PushManager() {})
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } })
    return requestPermission
  }

  it("asks once; Don't Allow is remembered and the browser is never asked", async () => {
    const requestPermission = stubBrowser('default')
    mockHistory({ 0: [notice(1, 1)] })
    renderScreen(true)
    const dialog = await screen.findByRole('dialog', { name: 'Humsafar wants to send you notifications' })
    expect(within(dialog).getByRole('button', { name: "Don't Allow" })).toHaveFocus()
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't Allow" }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(storage.pushDeclined.get()).toBe(true)
    expect(requestPermission).not.toHaveBeenCalled()
    expect(shouldOfferPush(true)).toBe(false)
  })

  it('Allow asks the browser; a refusal tells the person how to change it', async () => {
    stubBrowser('default')
    mockHistory({ 0: [] })
    renderScreen(true)
    const dialog = await screen.findByRole('dialog', { name: 'Humsafar wants to send you notifications' })
    const shown = vi.spyOn(toast, 'error')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allow' }))
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        'Permission not granted for notification. Please change your app settings and try again.',
      ),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('is not offered when the browser already answered or App Notification is off', () => {
    stubBrowser('granted')
    expect(shouldOfferPush(true)).toBe(false)
    stubBrowser('default')
    expect(shouldOfferPush(false)).toBe(false)
    expect(shouldOfferPush(true)).toBe(true)
  })
})
