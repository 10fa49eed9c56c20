import { describe, expect, it } from 'vitest'
import samplesText from './free-text.samples.json?raw'
import { charactersError, refusedCharacters, textLength, tidyText } from './free-text'
import { MESSAGES } from '@/generated/rules'

/** count characters no one types, each different (private use, planes 15 and 16). */
const unusual = (count: number) =>
  Array.from({ length: count }, (_, index) => String.fromCodePoint(0xf0000 + index)).join('')

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

  it('names each refused character once, in the order they come', () => {
    const text = unusual(3000)
    expect(refusedCharacters(text + text)).toEqual(Array.from(text))
    expect(refusedCharacters(text, true, 6)).toEqual(Array.from(text).slice(0, 6))
  })

  it('names the first five of a long text of different unusual characters', () => {
    expect(charactersError(unusual(65_536), '{characters}')).toBe(
      'U+F0000, U+F0001, U+F0002, U+F0003, U+F0004, …',
    )
  })
})
