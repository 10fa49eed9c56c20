import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { I18nProvider, useT } from './I18nProvider'
import { LanguagePicker } from './LanguagePicker'
import { rememberPickedSignedOut, useProfileLanguage, useSaveProfileLanguage } from './profile-language'
import type { User } from '@/lib/session'
import '@/i18n/catalogs/en/settings'
import { envelope, reply, serveApi } from '@/testing/server'

function serve() {
  return serveApi(() => reply(envelope(null)))
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider locale="en">{children}</I18nProvider>
    </QueryClientProvider>
  )
}

function SettingsPicker() {
  return <LanguagePicker onChosen={useSaveProfileLanguage()} />
}

function SignedIn({ user, isNew = false }: { user: Partial<User> & { language?: string }; isNew?: boolean }) {
  useProfileLanguage(user as User, isNew)
  return <h1>{useT()('settings.title')}</h1>
}

afterEach(() => {
  document.documentElement.lang = 'en-IN'
})

describe('the profile language', () => {
  it('is saved on the profile with the existing update when chosen in Settings', async () => {
    const calls = serve()
    render(
      <Providers>
        <SettingsPicker />
      </Providers>,
    )
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'kn' } })
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true))
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/user/user', body: { language: 'kn' } })
  })

  it("applies the profile's language once it is read", async () => {
    serve()
    render(
      <Providers>
        <SignedIn user={{ name: 'Asha', language: 'hi' }} />
      </Providers>,
    )
    expect(await screen.findByRole('heading', { name: 'सेटिंग्स' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('hi-IN')
  })

  it('reads a profile without a language as it is, in the language on screen', async () => {
    const calls = serve()
    render(
      <Providers>
        <SignedIn user={{ name: 'Asha' }} />
      </Providers>,
    )
    expect(screen.getByRole('heading')).toHaveTextContent('Settings')
    expect(calls).toEqual([])
  })

  it('sends the language picked on the sign-in screen to the profile instead of taking the profile’s', async () => {
    const calls = serve()
    rememberPickedSignedOut('en')
    render(
      <Providers>
        <SignedIn user={{ name: 'Asha', language: 'kn' }} />
      </Providers>,
    )
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ language: 'en' }))
    expect(screen.getByRole('heading')).toHaveTextContent('Settings')
  })
})
