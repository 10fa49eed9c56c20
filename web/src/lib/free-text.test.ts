import { describe, expect, it } from 'vitest'
import samplesText from './free-text.samples.json?raw'
import { charactersError, textLength, tidyText } from './free-text'
import { MESSAGES } from '@/generated/rules'

/** The samples tests/domain/test_free_text.py runs the server's rule over: both sides must answer alike. */
type Samples = {
  refusals: { about: string; text: string; rows: boolean; named: string | null }[]
  tidied: { text: string; rows: boolean; tidy: string }[]
}
const samples = JSON.parse(samplesText) as Samples

describe('free text, as the server checks it', () => {
  it.each(samples.refusals)('$about', ({ text, rows, named }) => {
    expect(charactersError(text, '{characters}', rows)).toBe(named)
  })

  it.each(samples.tidied)('trims $text', ({ text, rows, tidy }) => {
    expect(tidyText(text, rows)).toBe(tidy)
  })

  it('names the field and what it refused', () => {
    expect(charactersError('Gate 4 \u202egnp.exe', MESSAGES.NOTE_CHARACTERS)).toBe(
      'Note contains characters that are not allowed: U+202E',
    )
  })

  it('counts characters as the server does', () => {
    expect(textLength('🚕 ok')).toBe(4)
  })
})
