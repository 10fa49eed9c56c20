import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider, useT } from './I18nProvider'
import { useFormat } from './useFormat'
import { LanguagePicker } from './LanguagePicker'
import '@/i18n/catalogs/en/settings'

/** A screen with state of its own (a half-typed draft) that a reload would lose. */
function Screen() {
  const t = useT()
  const format = useFormat()
  const [draft, setDraft] = useState('')
  return (
    <>
      <h1>{t('settings.title')}</h1>
      <p data-testid="seats">{t('common.seatsLeft', { count: 2 })}</p>
      <p data-testid="fare">{format.money(100000)}</p>
      <input aria-label="draft" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <LanguagePicker />
    </>
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  document.documentElement.lang = 'en-IN'
})

describe('the language picker', () => {
  it('names each language in its own words', () => {
    render(
      <I18nProvider locale="en">
        <LanguagePicker />
      </I18nProvider>,
    )
    const picker = screen.getByRole('combobox', { name: 'Language' })
    expect(within(picker).getByRole('option', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi-IN')
    expect(within(picker).getByRole('option', { name: 'ಕನ್ನಡ' })).toHaveAttribute('lang', 'kn-IN')
    expect(within(picker).getByRole('option', { name: 'English' })).toBeInTheDocument()
  })

  it('changes the language at once, without a reload, sets <html lang> and remembers the choice', async () => {
    render(
      <I18nProvider locale="en">
        <Screen />
      </I18nProvider>,
    )
    expect(screen.getByRole('heading')).toHaveTextContent('Settings')
    expect(screen.getByTestId('seats')).toHaveTextContent('2 seats left')
    fireEvent.change(screen.getByLabelText('draft'), { target: { value: 'half typed' } })

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'hi' } })
    expect(await screen.findByRole('heading', { name: 'सेटिंग्स' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('hi-IN')
    expect(screen.getByTestId('seats')).toHaveTextContent('2 सीटें बची हैं')
    expect(screen.getByTestId('fare')).toHaveTextContent('₹1,00,000')
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi')
    expect(screen.getByLabelText('draft')).toHaveValue('half typed')
    expect(JSON.parse(localStorage.getItem('humsafar.language') ?? 'null')).toBe('hi')

    fireEvent.change(screen.getByRole('combobox', { name: 'भाषा' }), { target: { value: 'kn' } })
    expect(await screen.findByRole('heading', { name: 'ಸೆಟ್ಟಿಂಗ್‌ಗಳು' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('kn-IN')
    expect(screen.getByLabelText('draft')).toHaveValue('half typed')
  })

  it("follows the browser's languages on a first visit, and the device's choice after", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['kn-IN', 'en-IN'])
    const first = render(
      <I18nProvider>
        <Screen />
      </I18nProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'ಸೆಟ್ಟಿಂಗ್‌ಗಳು' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('kn-IN')
    first.unmount()

    localStorage.setItem('humsafar.language', JSON.stringify('hi'))
    render(
      <I18nProvider>
        <Screen />
      </I18nProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'सेटिंग्स' })).toBeInTheDocument()
  })

  it('speaks English to a browser asking for none of the languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de'])
    render(
      <I18nProvider>
        <Screen />
      </I18nProvider>,
    )
    expect(screen.getByRole('heading')).toHaveTextContent('Settings')
  })
})
