import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messageParts, messageTextError } from './message-text'
import { MESSAGES } from '@/generated/rules'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

describe('chat message rules', () => {
  it('does not send empty or whitespace-only text', () => {
    expect(messageTextError('', t)).toBe('empty')
    expect(messageTextError('   \n  ', t)).toBe('empty')
  })

  it('asks for 1 to 500 characters after trimming', () => {
    expect(messageTextError('  ok ', t)).toBeNull()
    expect(messageTextError('x'.repeat(501), t)).toBe(MESSAGES.MESSAGE_LENGTH)
    expect(messageTextError(' Meet at gate 2 please ', t)).toBeNull()
  })

  it('takes what people type, in any script, and refuses invisible characters as the server does', () => {
    expect(messageTextError("I'll be there at 9:45", t)).toBeNull()
    expect(messageTextError('मैं 9:45 पर पहुँचूँगा 👍🏽', t)).toBeNull()
    expect(messageTextError('<img src=x onerror=alert(1)> is shown as text', t)).toBeNull()
    expect(messageTextError('Fare 250 ₹, ok? (A/B) - _x_ & 10% $*+!', t)).toBeNull()
    expect(messageTextError('Gate 4 \u202egnp.exe', t)).toBe(MESSAGES.MESSAGE_CHARACTERS.replace('{characters}', 'U+202E'))
  })
})

describe('chat message formatting', () => {
  it('puts _underscored_ words in italics', () => {
    expect(messageParts('see you _soon_ at the gate')).toEqual([
      { kind: 'text', text: 'see you ' },
      { kind: 'italic', text: 'soon' },
      { kind: 'text', text: ' at the gate' },
    ])
  })

  it('leaves snake_case words alone', () => {
    expect(messageParts('gate_two_north')).toEqual([{ kind: 'text', text: 'gate_two_north' }])
  })

  it('links http and https addresses without trailing punctuation, and nothing else', () => {
    expect(messageParts('map https://example.com/a?b=1. ok')).toEqual([
      { kind: 'text', text: 'map ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. ok' },
    ])
    expect(messageParts('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }])
  })
})
