import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAnswersFollowLanguage } from './answers-follow-language'
import { I18nProvider } from '@/i18n'
import { LanguagePicker } from '@/i18n/LanguagePicker'
import { getData } from '@/lib/api'

function serveConfiguration() {
  const languages: (string | null)[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      languages.push(new Headers(init.headers).get('Accept-Language'))
      return new Response(JSON.stringify({ status: 'SUCCESS', message: '', data: { share_trip_text: 'x' } }), {
        status: 200,
      })
    }),
  )
  return languages
}

function Configuration() {
  useAnswersFollowLanguage()
  const configuration = useQuery({
    queryKey: ['configuration'],
    queryFn: ({ signal }) => getData<{ share_trip_text: string }>('/api/user/configuration', signal),
  })
  return <p>{configuration.data ? 'read' : 'reading'}</p>
}

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.lang = 'en-IN'
})

describe('answers follow the language', () => {
  it('asks for the answers again, in the new language, when the person changes it', async () => {
    const languages = serveConfiguration()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider locale="en">
          <LanguagePicker />
          <Configuration />
        </I18nProvider>
      </QueryClientProvider>,
    )
    await screen.findByText('read')
    expect(languages).toEqual(['en'])
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'hi' } })
    await waitFor(() => expect(languages).toEqual(['en', 'hi']))
  })
})
