import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { halfNames, TimeField } from './TimeField'
import { I18nProvider, type Locale } from '@/i18n'

function Field({ start }: { start: string }) {
  const [value, setValue] = useState(start)
  return <TimeField label="Time" value={value} onChange={setValue} testId="time" />
}

async function openPicker(locale: Locale, start = '21:15') {
  render(
    <I18nProvider locale={locale}>
      <Field start={start} />
    </I18nProvider>,
  )
  fireEvent.click(await screen.findByTestId('time'))
  return screen.getByTestId('time-dialog')
}

const halfOptions = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByLabelText(label))
    .getAllByRole('option')
    .map((option) => [(option as HTMLOptionElement).value, option.textContent])

describe('TimeField', () => {
  it("names the clock's halves as format.time writes them in each language", () => {
    expect(halfNames('en')).toEqual({ AM: 'am', PM: 'pm' })
    expect(halfNames('hi')).toEqual({ AM: 'am', PM: 'pm' })
    expect(halfNames('kn')).toEqual({ AM: 'AM', PM: 'PM' })
  })

  it("offers the halves in the language's words, their values the same in every language", async () => {
    const dialog = await openPicker('hi')
    expect(halfOptions(dialog, 'सुबह/शाम (AM/PM)')).toEqual([
      ['AM', 'am'],
      ['PM', 'pm'],
    ])
    expect(within(dialog).getByLabelText('सुबह/शाम (AM/PM)')).toHaveValue('PM')
  })

  it('keeps the time picked with the halves, shown the way format.time writes it', async () => {
    const dialog = await openPicker('kn')
    expect(halfOptions(dialog, 'ಬೆಳಿಗ್ಗೆ/ಸಂಜೆ (AM/PM)')).toEqual([
      ['AM', 'AM'],
      ['PM', 'PM'],
    ])
    fireEvent.change(within(dialog).getByLabelText('ಬೆಳಿಗ್ಗೆ/ಸಂಜೆ (AM/PM)'), { target: { value: 'AM' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'ಅನ್ವಯಿಸಿ' }))
    expect(screen.getByTestId('time')).toHaveTextContent('9:15 AM')
  })
})
