import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KycOutcomeScreen, KycScreen, KycSuccessScreen } from '../screens'
import { toastStore } from '@/components/toast/toast-store'
import { LIMITS, MESSAGES } from '@/generated/rules'
import { configQueryOptions, userQueryOptions, type User } from '@/lib/session'
import { serveApi } from '@/testing/server'

type Answer = { status: number; message: string; data?: unknown }
const reply = ({ status, message, data }: Answer) =>
  new Response(JSON.stringify({ status: status < 300 ? 'SUCCESS' : 'FAILURE', message, data }), { status })

const person = (changes: Partial<User> = {}): User =>
  ({
    id: 7,
    name: 'Asha Rao',
    medium_image_url: null,
    small_image_url: null,
    is_kyc_verified: false,
    kyc_status: 'initiated',
    kyc_message: null,
    linked_in_url: null,
    ...changes,
  }) as User

type Server = {
  /** What GET /api/user/user answers until the test changes it with setUser. */
  user?: User | 'down'
  result?: Answer
  initiate?: Answer
}

function serve({ user = person(), result, initiate }: Server) {
  let current = user
  const sent = serveApi(({ method, url: path }) => {
    if (path === '/api/user/user')
      return current === 'down'
        ? reply({ status: 503, message: 'Down' })
        : reply({ status: 200, message: '', data: current })
    if (path === '/api/user/kyc/result' && method === 'POST')
      return reply(result ?? { status: 200, message: MESSAGES.KYC_RESULT_RECEIVED, data: { kyc_status: 'initiated' } })
    if (path === '/api/user/kyc/hyperverge/initiate' && method === 'PATCH')
      return reply(initiate ?? { status: 409, message: MESSAGES.KYC_ALREADY_VERIFIED })
    return reply({ status: 404, message: 'Not found' })
  })
  return { sent, setUser: (next: User | 'down') => (current = next) }
}

/** The looks at the person that were not aborted. */
const userCalls = ({ sent }: ReturnType<typeof serve>) =>
  sent.filter(({ method, url, signal }) => method === 'GET' && url === '/api/user/user' && !signal.aborted).length

function renderAt(path: string, user: User = person(), enableKyc = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
  client.setQueryData(userQueryOptions().queryKey, user)
  client.setQueryData(configQueryOptions().queryKey, { enable_kyc: enableKyc } as never)
  const router = createMemoryRouter(
    [
      { path: '/kyc', element: <KycScreen /> },
      { path: '/kyc/success', element: <KycSuccessScreen /> },
      { path: '/kyc/:outcome', element: <KycOutcomeScreen /> },
      { path: '/home', element: <h1>Home</h1> },
      { path: '/profile', element: <h1>Profile</h1> },
    ],
    { initialEntries: [path] },
  )
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
  return { router, client }
}

/** A macrotask on the real clock, taken before any test fakes it. */
const realTimeout = window.setTimeout.bind(window)

/**
 * Moves the faked clock on, then lets the answers it released arrive: reading a body takes a real tick or two, and
 * the query cache tells its screens on a zero-delay timeout, which the faked clock puts 1 ms ahead.
 */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
  for (let tick = 0; tick < 5; tick++) {
    await act(async () => {
      await new Promise((resolve) => realTimeout(resolve, 0))
      await vi.advanceTimersByTimeAsync(1)
    })
  }
}

const at = (router: ReturnType<typeof renderAt>['router']) => router.state.location.pathname
const toastTexts = () => toastStore.snapshot().map((item) => `${item.kind}: ${item.message}`)
const heading = () => screen.getByRole('heading', { level: 1 })

beforeEach(() => {
  document.cookie = 'csrf_token=test-token'
})
afterEach(() => {
  vi.useRealTimers()
})

describe('/kyc', () => {
  it('explains what is needed and offers Start KYC', () => {
    serve({})
    renderAt('/kyc')
    expect(heading()).toHaveTextContent('Verify Your Identity')
    expect(screen.getByRole('button', { name: 'Start KYC' })).toBeEnabled()
  })

  it("keeps the screen and shows the server's words when the start is refused", async () => {
    serve({ initiate: { status: 503, message: MESSAGES.KYC_VENDOR_UNAVAILABLE } })
    const { router } = renderAt('/kyc')
    fireEvent.click(screen.getByRole('button', { name: 'Start KYC' }))
    await waitFor(() => expect(toastTexts()).toContain(`error: ${MESSAGES.KYC_VENDOR_UNAVAILABLE}`))
    expect(at(router)).toBe('/kyc')
    expect(screen.getByRole('button', { name: 'Start KYC' })).toBeEnabled()
  })

  it('goes home when the person is verified or KYC is off', () => {
    serve({})
    expect(at(renderAt('/kyc', person({ is_kyc_verified: true, kyc_status: 'approved' })).router)).toBe('/home')
  })

  it('goes home when KYC is disabled', () => {
    serve({})
    expect(at(renderAt('/kyc', person(), false).router)).toBe('/home')
  })

  it.each([
    ['user_cancelled', '/kyc/cancelled'],
    ['error', '/kyc/error'],
    ['auto_approved', '/kyc/processing'],
    ['auto_declined', '/kyc/rejected'],
    ['needs_review', '/kyc/review'],
  ])('reports the widget saying %s once, then shows %s', async (status, screenPath) => {
    const { sent } = serve({})
    const { router } = renderAt(`/kyc?transactionId=hsf_7_1_abc&status=${status}`)
    await waitFor(() => expect(at(router)).toBe(screenPath))
    const reports = sent.filter(({ url }) => url === '/api/user/kyc/result')
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ method: 'POST', body: { transaction_id: 'hsf_7_1_abc', status } })
  })

  it('shows the error screen when the result is refused', async () => {
    serve({ result: { status: 404, message: MESSAGES.KYC_TRANSACTION_NOT_FOUND } })
    const { router } = renderAt('/kyc?transactionId=someone-else&status=auto_approved')
    await waitFor(() => expect(at(router)).toBe('/kyc/error'))
    expect(heading()).toHaveTextContent('KYC Error')
  })
})

describe('/kyc/processing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  })

  it('polls every 3 s and shows the rejection', async () => {
    const server = serve({})
    const { router } = renderAt('/kyc/processing')
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite')
    await wait(0)
    const first = userCalls(server)
    expect(first).toBeGreaterThanOrEqual(1)
    await wait(3000)
    expect(userCalls(server)).toBe(first + 1)
    expect(at(router)).toBe('/kyc/processing')
    server.setUser(person({ kyc_status: 'rejected', kyc_message: MESSAGES.KYC_FAILED }))
    await wait(3000)
    expect(at(router)).toBe('/kyc/rejected')
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.KYC_FAILED)
  })

  it('on approval refreshes the person, waits 5 s, then shows success', async () => {
    const server = serve({})
    const { router } = renderAt('/kyc/processing')
    await wait(0)
    server.setUser(person({ is_kyc_verified: true, kyc_status: 'approved' }))
    const before = userCalls(server)
    await wait(3000)
    // The poll that found the approval, and the refresh after it.
    expect(userCalls(server)).toBe(before + 2)
    await wait(4900)
    expect(at(router)).toBe('/kyc/processing')
    await wait(100)
    expect(at(router)).toBe('/kyc/success')
    expect(screen.getByRole('heading', { name: 'Congratulations, Asha Rao!' })).toBeInTheDocument()
  })

  it('gives up after 20 s without a result', async () => {
    serve({})
    const { router } = renderAt('/kyc/processing')
    await wait(19_000)
    expect(at(router)).toBe('/kyc/processing')
    await wait(1000)
    expect(at(router)).toBe('/kyc/error')
  })

  it('shows the error screen when the person cannot be fetched', async () => {
    serve({ user: 'down' })
    const { router } = renderAt('/kyc/processing')
    await wait(0)
    expect(at(router)).toBe('/kyc/error')
  })
})

describe('/kyc/review', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  })

  it('looks 4 times, 1 s apart, then says the application is under review', async () => {
    const server = serve({ user: person({ kyc_status: 'needs_review' }) })
    const { router } = renderAt('/kyc/review')
    await wait(0)
    const first = userCalls(server)
    await wait(10_000)
    expect(userCalls(server)).toBe(first + 3)
    expect(at(router)).toBe('/kyc/review')
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.KYC_UNDER_REVIEW)
    fireEvent.click(screen.getByRole('button', { name: 'Back to Profile' }))
    expect(at(router)).toBe('/profile')
  })

  it('checks while the server has no word yet, then says the application is under review', async () => {
    const server = serve({})
    renderAt('/kyc/review')
    await wait(0)
    expect(screen.getByRole('status')).toHaveTextContent('Checking your application')
    server.setUser(person({ kyc_status: 'needs_review' }))
    await wait(1000)
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.KYC_UNDER_REVIEW)
  })

  it('shows success when the application is approved meanwhile', async () => {
    const server = serve({ user: person({ kyc_status: 'needs_review' }) })
    const { router } = renderAt('/kyc/review')
    await wait(0)
    expect(at(router)).toBe('/kyc/review')
    server.setUser(person({ is_kyc_verified: true, kyc_status: 'approved' }))
    await wait(1000)
    expect(at(router)).toBe('/kyc/success')
  })

  it('shows the rejection found meanwhile', async () => {
    const server = serve({})
    const { router } = renderAt('/kyc/review')
    await wait(0)
    server.setUser(person({ kyc_status: 'rejected' }))
    await wait(1000)
    expect(at(router)).toBe('/kyc/rejected')
  })
})

describe('/kyc/success', () => {
  it('goes home when the person is not verified', () => {
    serve({})
    expect(at(renderAt('/kyc/success').router)).toBe('/home')
  })

  it('congratulates the verified person and goes home after 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    serve({})
    const { router } = renderAt('/kyc/success', person({ is_kyc_verified: true, kyc_status: 'approved' }))
    expect(screen.getByRole('heading', { name: 'Congratulations, Asha Rao!' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go To Home' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.KYC_SUCCESS_REDIRECT_SECONDS * 1000 - 100))
    expect(at(router)).toBe('/kyc/success')
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(at(router)).toBe('/home')
  })
})

describe('the ending screens', () => {
  it.each([
    ['rejected', 'KYC Rejected', MESSAGES.KYC_FAILED],
    ['error', 'KYC Error', MESSAGES.KYC_FAILED],
    ['cancelled', 'KYC Cancelled', MESSAGES.KYC_NOT_FINISHED],
  ])('/kyc/%s says %s with the spec words and offers another try', async (ending, title, message) => {
    serve({})
    const { router } = renderAt(`/kyc/${ending}`)
    expect(heading()).toHaveTextContent(title)
    expect(screen.getByRole('status')).toHaveTextContent(message)
    expect(screen.getByRole('button', { name: 'Go To Home' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await waitFor(() => expect(at(router)).toBe('/kyc'))
  })

  it("say the server's message for the person's own outcome", () => {
    serve({})
    renderAt('/kyc/rejected', person({ kyc_status: 'rejected', kyc_message: 'The document could not be read' }))
    expect(screen.getByRole('status')).toHaveTextContent('The document could not be read')
  })

  it('send an unknown outcome home', () => {
    serve({})
    expect(at(renderAt('/kyc/toString').router)).toBe('/home')
  })
})
