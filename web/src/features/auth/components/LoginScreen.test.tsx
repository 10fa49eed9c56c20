import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LoginScreen } from './LoginScreen'
import { OtpScreen } from './OtpScreen'
import { paths } from '@/config/paths'
import { I18nProvider, type Locale } from '@/i18n'
import { storage } from '@/lib/storage'

function renderLogin(path = '/login', locale: Locale = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/login/otp', element: <OtpScreen /> },
    ],
    { initialEntries: [path] },
  )
  return render(
    <I18nProvider locale={locale}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

/** The screen's words, leaving out the picker, whose options name each language in its own words. */
function screenWords(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement
  copy.querySelector('[data-testid="language-picker"]')?.remove()
  const labels = [...copy.querySelectorAll('[aria-label], [title]')].map(
    (element) => `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''}`,
  )
  return `${copy.textContent ?? ''} ${labels.join(' ')}`
}

afterEach(() => {
  document.documentElement.lang = 'en-IN'
})

describe('the sign-in screens in other languages', () => {
  it('switch to Hindi from the sign-in screen at once, validation included', async () => {
    renderLogin()
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'hi' } })
    expect(await screen.findByRole('heading', { name: 'अपने मोबाइल नंबर से लॉग इन करें' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('hi-IN')
    expect(screen.getByRole('link', { name: 'प्राइवेसी पॉलिसी' })).toHaveAttribute('href', paths.privacy)
    fireEvent.click(screen.getByTestId('continue'))
    expect(screen.getByRole('alert')).toHaveTextContent('फ़ोन नंबर डालना ज़रूरी है')
  })

  it('show no word outside the catalogs in the pseudo-locale (login and code screens)', async () => {
    const login = renderLogin()
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'en-XA' } })
    await screen.findByRole('heading', { name: /^\[.+\]$/ })
    fireEvent.click(screen.getByTestId('continue'))
    expect(screenWords(login.container)).not.toMatch(/[A-Za-z]{2,}/)
    login.unmount()

    storage.pendingLogin.set({
      login_token: 'token',
      mobile_number: '9876543210',
      otp_length: 4,
      resend_after_seconds: 60,
      requested_at: Date.now(),
    })
    const code = renderLogin('/login/otp', 'en-XA')
    await screen.findByRole('heading', { name: /^\[.+\]$/ })
    expect(screenWords(code.container)).not.toMatch(/[A-Za-z]{2,}/)
  })
})
