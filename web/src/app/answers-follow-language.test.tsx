import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useAnswersFollowLanguage } from './answers-follow-language'
import { I18nProvider } from '@/i18n'
import { LanguagePicker } from '@/i18n/LanguagePicker'
import { getData } from '@/lib/api-client'
import { envelope, reply, serveApi } from '@/testing/server'

/** The languages the configuration was asked in, one per request that reached the network. */
function serveConfiguration() {
  const sent = serveApi(() => reply(envelope({ share_trip_text: 'x' })))
  return () => sent.map((request) => request.headers.get('Accept-Language'))
}

function Configuration() {
  useAnswersFollowLanguage()
  const configuration = useQuery({
    queryKey: ['configuration'],
    queryFn: ({ signal }) => getData('/api/user/configuration', { signal }),
  })
  return <p>{configuration.data ? 'read' : 'reading'}</p>
}

afterEach(() => {
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
    expect(languages()).toEqual(['en'])
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'hi' } })
    await waitFor(() => expect(languages()).toEqual(['en', 'hi']))
  })
})
