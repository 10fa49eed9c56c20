import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LinkedInCallbackScreen } from './screens'
import { LIMITS, MESSAGES } from '@/generated/rules'
import { userQueryOptions } from '@/lib/session'
import { serveApi } from '@/testing/server'

type Answer = { status: number; message: string; data?: unknown }
const reply = ({ status, message, data }: Answer) =>
  new Response(JSON.stringify({ status: status < 300 ? 'SUCCESS' : 'FAILURE', message, data }), { status })

function serve(callback: Answer) {
  return serveApi(({ method, url: path }) => {
    if (path === '/api/user/linkedin/callback' && method === 'POST') return reply(callback)
    if (path === '/api/user/user')
      return reply({ status: 200, message: '', data: { id: 7, linked_in_url: 'https://www.linkedin.com/in/asha' } })
    return reply({ status: 404, message: 'Not found' })
  })
}

const callbacks = (sent: ReturnType<typeof serve>) => sent.filter(({ url }) => url === '/api/user/linkedin/callback')

/** The profile as the callback leaves it: the error handed over in navigation state, if any. */
function Profile() {
  const error = (useLocation().state as { error?: string } | null)?.error
  return <h1>Profile{error ? `: ${error}` : ''}</h1>
}

function renderAt(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
  client.setQueryData(userQueryOptions().queryKey, { id: 7, linked_in_url: null } as never)
  const router = createMemoryRouter(
    [
      { path: '/linkedin/callback', element: <LinkedInCallbackScreen /> },
      { path: '/profile', element: <Profile /> },
    ],
    { initialEntries: [`/linkedin/callback${search}`] },
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

beforeEach(() => {
  document.cookie = 'csrf_token=test-token'
})
afterEach(() => {
  vi.useRealTimers()
})

describe('/linkedin/callback', () => {
  it('posts the code and state once, says verified, then shows the profile after 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const sent = serve({ status: 200, message: MESSAGES.LINKEDIN_LINKED })
    const { router, client } = renderAt('?code=c1&state=s1')
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your LinkedIn profile…')
    for (let tick = 0; tick < 10 && !screen.queryByText(MESSAGES.LINKEDIN_LINKED); tick++) {
      await act(async () => {
        await new Promise((resolve) => realTimeout(resolve, 0))
        await vi.advanceTimersByTimeAsync(1)
      })
    }
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.LINKEDIN_LINKED)
    expect(callbacks(sent)).toHaveLength(1)
    expect(callbacks(sent)[0]).toMatchObject({ method: 'POST', body: { code: 'c1', state: 's1' } })
    // The person is asked for again, so the profile shows the link and no LinkedIn row.
    expect(client.getQueryData<{ linked_in_url: string | null }>(userQueryOptions().queryKey)?.linked_in_url).toBe(
      'https://www.linkedin.com/in/asha',
    )
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.LINKEDIN_SUCCESS_REDIRECT_SECONDS * 1000 - 100))
    expect(router.state.location.pathname).toBe('/linkedin/callback')
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(router.state.location.pathname).toBe('/profile')
  })

  it("goes back to the profile with the server's words when the provider was refused", async () => {
    const sent = serve({ status: 400, message: 'The user cancelled LinkedIn login' })
    renderAt('?error=user_cancelled_login&error_description=The+user+cancelled+LinkedIn+login&state=s2')
    expect(await screen.findByRole('heading', { name: 'Profile: The user cancelled LinkedIn login' })).toBeVisible()
    expect(callbacks(sent)).toHaveLength(1)
  })

  it('says the verification failed when the server gives no reason', async () => {
    serve({ status: 500, message: '' })
    renderAt('?code=c1&state=s3')
    expect(await screen.findByRole('heading', { name: `Profile: ${MESSAGES.LINKEDIN_VERIFY_FAILED}` })).toBeVisible()
  })

  it('goes back to the profile without asking the server when the state is missing', async () => {
    const sent = serve({ status: 200, message: MESSAGES.LINKEDIN_LINKED })
    const { router } = renderAt('?code=c1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(screen.getByRole('heading', { name: `Profile: ${MESSAGES.LINKEDIN_UNEXPECTED}` })).toBeVisible()
    expect(callbacks(sent)).toHaveLength(0)
  })
})
