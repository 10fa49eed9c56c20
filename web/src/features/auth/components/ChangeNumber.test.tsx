import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LoginScreen } from './LoginScreen'
import { OtpScreen } from './OtpScreen'
import { storage } from '@/lib/storage'
import { serveApi } from '@/testing/server'

const sent = (token: string) =>
  new Response(
    JSON.stringify({
      status: 'SUCCESS',
      message: 'OTP sent successfully',
      data: { login_token: token, otp_length: 4, resend_after_seconds: 60 },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  )

function renderCodeScreenWhileResendWaits() {
  storage.pendingLogin.set({
    login_token: 'token-1',
    mobile_number: '9876543210',
    otp_length: 4,
    resend_after_seconds: 60,
    requested_at: Date.now() - 10_000,
  })
  const asked: string[] = []
  serveApi(({ method, url, body }) => {
    if (method === 'POST' && url === '/api/auth/otp') asked.push(JSON.stringify(body))
    return sent(`token-${asked.length + 1}`)
  })
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/login/otp', element: <OtpScreen /> },
    ],
    { initialEntries: ['/login/otp'] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, asked }
}

describe('Change Number on the code screen', () => {
  it('is open while Resend still waits, and a new number gets its own code', async () => {
    const { router, asked } = renderCodeScreenWhileResendWaits()
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/Resend code in/)
    fireEvent.click(screen.getByRole('button', { name: 'Change Number' }))
    expect(await screen.findByRole('heading', { name: 'Login with your mobile number' })).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '9123456780' } })
    fireEvent.click(screen.getByTestId('continue'))
    expect(await screen.findByText(/sent to \+91 9123456780/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login/otp')
    expect(asked).toEqual([JSON.stringify({ mobile_number: '9123456780' })])
  })

  it('sends the same number back to the code on its way instead of a refusal to resend', async () => {
    const { router, asked } = renderCodeScreenWhileResendWaits()
    fireEvent.click(screen.getByRole('button', { name: 'Change Number' }))
    expect(await screen.findByTestId('phone-input')).toHaveValue('9876543210')
    fireEvent.click(screen.getByTestId('continue'))
    expect(await screen.findByText(/sent to \+91 9876543210/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login/otp')
    expect(asked).toEqual([])
  })
})
