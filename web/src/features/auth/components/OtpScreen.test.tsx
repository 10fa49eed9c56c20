import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { OtpScreen } from './OtpScreen'
import { storage } from '@/lib/storage'
import { serveApi } from '@/testing/server'

const answer = (status: number, message: string, data: unknown = {}, messageId: string | null = null) =>
  new Response(JSON.stringify({ status: status < 300 ? 'SUCCESS' : 'FAILURE', message, message_id: messageId, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

function renderOtp({ sentSecondsAgo, loginAnswer }: { sentSecondsAgo: number; loginAnswer: () => Response }) {
  storage.pendingLogin.set({
    login_token: 'token-1',
    mobile_number: '9876543210',
    otp_length: 4,
    resend_after_seconds: 60,
    requested_at: Date.now() - sentSecondsAgo * 1000,
  })
  const sent = serveApi(({ url }) => {
    if (url === '/api/auth/login') return loginAnswer()
    if (url === '/api/auth/otp')
      return answer(200, 'OTP sent successfully', { login_token: 'token-2', otp_length: 4, resend_after_seconds: 60 })
    return answer(404, 'Not found')
  })
  const router = createMemoryRouter([{ path: '/login/otp', element: <OtpScreen /> }], { initialEntries: ['/login/otp'] })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return sent
}

const typeCode = (code: string) =>
  code.split('').forEach((digit, index) => {
    fireEvent.change(screen.getByLabelText(new RegExp(`^Digit ${index + 1} of`)), { target: { value: digit } })
  })

describe('code screen after too many wrong codes', () => {

  it('keeps saying a new code is needed, stops taking codes and says when Resend comes', async () => {
    renderOtp({ sentSecondsAgo: 20, loginAnswer: () => answer(429, 'Too many wrong attempts. Please request a new OTP.', {}, 'OTP_TOO_MANY_TRIES') })
    typeCode('1234')
    expect(await screen.findByText('Too many wrong attempts. Please request a new OTP.')).toBeInTheDocument()
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/You can ask for a new code in 00:(39|40)/)
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeDisabled()
    expect(screen.getByLabelText(/^Digit 1 of/)).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument()
  })

  it('offers Resend, focused, the moment it is allowed, and a new code takes codes again', async () => {
    const sent = renderOtp({
      sentSecondsAgo: 58.5,
      loginAnswer: () => answer(429, 'Too many wrong attempts. Please request a new OTP.', {}, 'OTP_TOO_MANY_TRIES'),
    })
    typeCode('1234')
    expect(await screen.findByText('Too many wrong attempts. Please request a new OTP.')).toBeInTheDocument()
    const resend = await screen.findByRole('button', { name: 'Resend' }, { timeout: 4000 })
    await waitFor(() => expect(resend).toHaveFocus())
    expect(screen.getByTestId('otp-resend')).toHaveTextContent('Ask for a new code:')
    fireEvent.click(resend)
    await waitFor(() => expect(screen.getByLabelText(/^Digit 1 of/)).toBeEnabled())
    expect(screen.getByTestId('otp-error')).toBeEmptyDOMElement()
    expect(sent).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/auth/otp' }))
  })

  it('knows a spent code by the id of the refusal, whatever language the API worded it in', async () => {
    const hindi = 'बहुत बार गलत कोड डाला गया। कृपया नया OTP मंगाएँ।'
    renderOtp({ sentSecondsAgo: 20, loginAnswer: () => answer(429, hindi, {}, 'OTP_TOO_MANY_TRIES') })
    typeCode('1234')
    expect(await screen.findByText(hindi)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeDisabled()
  })

  it('a single wrong code is said under the boxes and the boxes take another try', async () => {
    renderOtp({ sentSecondsAgo: 10, loginAnswer: () => answer(401, 'Invalid OTP. Please try again.') })
    typeCode('1234')
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Digit 1 of/)).toBeEnabled()
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/Resend code in 00:5\d/)
  })
})
