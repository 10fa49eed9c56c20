import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { ProtectedLayout } from './ProtectedLayout'
import { createQueryClient, setUnauthorizedHandler } from '@/lib/query-client'
import { rememberRedirectTarget } from '@/lib/redirect'
import { userQueryOptions } from '@/lib/session'
import { storage } from '@/lib/storage'
import { envelope, failure, reply, serveApi } from '@/testing/server'

const config = { latest_client_version: '1.0.34', minimum_client_version: '1.0.0', current_location_expiry_in_minutes: 30 }
const completeUser = { id: 1, name: 'Asha Rao', gender: 'FEMALE', dob: '01-01-1990' }

function serve(user: { status: number; body: unknown }) {
  serveApi(({ url }) => {
    if (url === '/api/user/user') return reply(user.body, user.status)
    if (url === '/api/user/configuration') return reply(envelope(config))
    return reply(failure('Not found'), 404)
  })
}

function renderAt(path: string) {
  const queryClient = createQueryClient()
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Login page</h1> },
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/home', element: <h1>Home page</h1> },
          { path: '/user-details', element: <h1>Profile creation</h1> },
          { path: '/trip/:id', element: <h1>Trip page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location
    rememberRedirectTarget(pathname + search)
    void router.navigate('/login')
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, queryClient }
}

describe('ProtectedLayout', () => {
  beforeEach(() => storage.locationDenied.set(true))

  it('shows the splash while loading, then the page for a complete profile', async () => {
    serve({ status: 200, body: { status: 'SUCCESS', message: '', data: completeUser } })
    renderAt('/home')
    expect(screen.getByTestId('splash')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
  })

  it('sends a signed-out visitor to /login and remembers the wanted page', async () => {
    serve({ status: 401, body: { status: 'FAILURE', message: 'Please login to continue' } })
    renderAt('/trip/42?viewRequest=true')
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument()
    expect(storage.redirectTarget.get()).toBe('/trip/42?viewRequest=true')
  })

  it('forgets the page remembered at the login once the person is inside', async () => {
    rememberRedirectTarget('/trip/42')
    serve({ status: 200, body: { status: 'SUCCESS', message: '', data: completeUser } })
    renderAt('/trip/42')
    expect(await screen.findByRole('heading', { name: 'Trip page' })).toBeInTheDocument()
    expect(storage.redirectTarget.get()).toBeNull()
  })

  it('forces an incomplete profile to /user-details', async () => {
    serve({ status: 200, body: { status: 'SUCCESS', message: '', data: { ...completeUser, dob: null } } })
    renderAt('/home')
    expect(await screen.findByRole('heading', { name: 'Profile creation' })).toBeInTheDocument()
  })

  it('carries the wanted page through profile creation and goes there once the profile is complete', async () => {
    const incomplete = { ...completeUser, name: null, gender: null, dob: null }
    serve({ status: 200, body: { status: 'SUCCESS', message: '', data: incomplete } })
    const { router, queryClient } = renderAt('/trip/42?viewRequest=true')
    expect(await screen.findByRole('heading', { name: 'Profile creation' })).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ next: '/trip/42?viewRequest=true' })

    act(() => queryClient.setQueryData(userQueryOptions().queryKey, completeUser as never))
    expect(await screen.findByRole('heading', { name: 'Trip page' })).toBeInTheDocument()
    expect(router.state.location.pathname + router.state.location.search).toBe('/trip/42?viewRequest=true')
  })

  it('sends a complete profile from /user-details to home', async () => {
    serve({ status: 200, body: { status: 'SUCCESS', message: '', data: completeUser } })
    renderAt('/user-details')
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
  })
})
