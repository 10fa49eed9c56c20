import { fireEvent, render, screen } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PushPermissionDialog } from './PushPermissionDialog'
import { Toaster } from '@/components/toast'
import { dismissToast, toastStore } from '@/components/toast/toast-store'
import { MESSAGES } from '@/generated/rules'
import { server } from '@/testing/server'

const PUSH_SERVICE_UNREACHABLE =
  "This browser's push service could not be reached, so notifications cannot be turned on here now. Try again later."
const PUSH_SERVER_FAILED = 'Could Not Subscribe to Notification: our server could not save this device. Try again in a moment.'

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A browser with a service worker in charge; `permission` is what it answers when asked, `worker` what the
 * worker's POST /subscribe answers. */
function browser(permission: NotificationPermission, worker: () => Response) {
  const Notification = Object.assign(function Notification() {}, {
    permission: 'default' as NotificationPermission,
    requestPermission: async () => permission,
  })
  vi.stubGlobal('Notification', Notification)
  vi.stubGlobal('PushManager', function PushManager() {})
  Object.defineProperty(window.navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({}), controller: {}, addEventListener: () => undefined },
  })
  const asked: string[] = []
  server.use(
    http.all('*', ({ request }) => {
      asked.push(new URL(request.url).pathname)
      return worker()
    }),
  )
  return asked
}

function allow() {
  render(
    <>
      <PushPermissionDialog receiveNotification vapidPublicKey="BKey" />
      <Toaster />
    </>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Allow' }))
}

afterEach(() => {
  for (const shown of toastStore.snapshot()) dismissToast(shown.id)
  Reflect.deleteProperty(window.navigator, 'serviceWorker')
})

describe('Turning notifications on', () => {
  it('says permission was refused when the person said no, and asks nothing further', async () => {
    const asked = browser('denied', () => answer(200, { status: 'SUCCESS', message: 'Subscribed to notifications' }))
    allow()
    expect(await screen.findByText(MESSAGES.NOTIFICATION_PERMISSION_DENIED)).toBeInTheDocument()
    expect(asked).toEqual([])
  })

  it('says our server failed when the subscription could not be saved', async () => {
    browser('granted', () => answer(500, { status: 'FAILURE', message: MESSAGES.FALLBACK_ERROR }))
    allow()
    expect(await screen.findByText(PUSH_SERVER_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.NOTIFICATION_PERMISSION_DENIED)).not.toBeInTheDocument()
  })

  it("says the browser's push service could not be reached when the worker could not subscribe", async () => {
    browser('granted', () =>
      answer(503, {
        status: 'FAILURE',
        message: 'Registration failed - push service not available',
        data: { reason: 'push_service' },
      }),
    )
    allow()
    expect(await screen.findByText(PUSH_SERVICE_UNREACHABLE)).toBeInTheDocument()
  })

  it('says permission was refused when the browser refused the subscription itself', async () => {
    browser('granted', () =>
      answer(403, { status: 'FAILURE', message: 'Registration failed - permission denied', data: { reason: 'permission' } }),
    )
    allow()
    expect(await screen.findByText(MESSAGES.NOTIFICATION_PERMISSION_DENIED)).toBeInTheDocument()
  })

  it('passes on what our server said when it refused the subscription', async () => {
    browser('granted', () => answer(400, { status: 'FAILURE', message: MESSAGES.PUSH_ENDPOINT_NOT_PUBLIC }))
    allow()
    expect(await screen.findByText(MESSAGES.PUSH_ENDPOINT_NOT_PUBLIC)).toBeInTheDocument()
  })
})
