import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { PublicOnlyLayout } from './PublicOnlyLayout'
import { OtpScreen } from '@/features/auth/components/OtpScreen'
import { rememberRedirectTarget } from '@/lib/redirect'
import { sessionQueryOptions } from '@/lib/session'
import { storage } from '@/lib/storage'
import { envelope, reply, serveApi } from '@/testing/server'

function renderLoginPages(signedIn: boolean, address: string) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(sessionQueryOptions().queryKey, { is_logged_in: signedIn })
  const router = createMemoryRouter(
    [
      { element: <PublicOnlyLayout />, children: [{ path: '/login/otp', element: <OtpScreen /> }] },
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/trip/:tripId', element: <h1>Trip page</h1> },
      { path: '/chat-room/:chatId', element: <h1>Chat room</h1> },
    ],
    { initialEntries: [address] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

function signInWithCode() {
  storage.pendingLogin.set({
    login_token: 'token-1',
    mobile_number: '9876543210',
    otp_length: 4,
    resend_after_seconds: 60,
    requested_at: Date.now(),
  })
  serveApi(() => reply(envelope({}, 'Logged in successfully')))
  const router = renderLoginPages(false, '/login/otp')
  '1234'.split('').forEach((digit, index) => {
    fireEvent.change(screen.getByLabelText(new RegExp(`^Digit ${index + 1} of`)), { target: { value: digit } })
  })
  return router
}

describe('after the code is accepted', () => {
  afterEach(() => {
    storage.redirectTarget.clear()
  })

  it('lands on the link the person opened signed out, not home', async () => {
    rememberRedirectTarget('/trip/42?viewRequest=true')
    const router = signInWithCode()
    expect(await screen.findByRole('heading', { name: 'Trip page' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?viewRequest=true')
  })

  it('lands in the chat room of a chat link', async () => {
    rememberRedirectTarget('/chat-room/7')
    signInWithCode()
    expect(await screen.findByRole('heading', { name: 'Chat room' })).toBeInTheDocument()
  })

  it('keeps the remembered page until the signed-in pages have it', async () => {
    rememberRedirectTarget('/chat-room/7')
    signInWithCode()
    expect(await screen.findByRole('heading', { name: 'Chat room' })).toBeInTheDocument()
    expect(storage.redirectTarget.get()).toBe('/chat-room/7')
  })

  it('sends a signed-in person on the login pages to the remembered page', async () => {
    rememberRedirectTarget('/trip/42')
    serveApi(() => reply(envelope({ is_logged_in: true })))
    renderLoginPages(true, '/login/otp')
    expect(await screen.findByRole('heading', { name: 'Trip page' })).toBeInTheDocument()
  })

  it('goes home without a remembered page', async () => {
    signInWithCode()
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
  })
})
