import { describe, expect, it } from 'vitest'
import { pseudoLocalize } from './pseudo'

describe('the pseudo-locale', () => {
  it('accents every letter and lengthens the text by about 40%, bracketed', () => {
    const text = 'Verify your number'
    const pseudo = pseudoLocalize(text)
    expect(pseudo).toMatch(/^\[.*\]$/)
    expect(pseudo).not.toMatch(/[a-zA-Z]/)
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(text.length * 1.4))
  })

  it('keeps placeholders and tags as they are', () => {
    const pseudo = pseudoLocalize('Resend code in <time>{time}</time>')
    expect(pseudo).toContain('<time>{time}</time>')
    expect(pseudo.replace('<time>{time}</time>', '')).not.toMatch(/[a-zA-Z]/)
  })
})
