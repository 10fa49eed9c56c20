import { describe, expect, it } from 'vitest'
import { messageParts, messageTextError } from './message-text'
import { MESSAGES } from '@/generated/rules'

describe('chat message rules', () => {
  it('does not send empty or whitespace-only text', () => {
    expect(messageTextError('')).toBe('empty')
    expect(messageTextError('   \n  ')).toBe('empty')
  })

  it('asks for 10 to 500 characters after trimming', () => {
    expect(messageTextError('  too short ')).toBe(MESSAGES.MESSAGE_LENGTH)
    expect(messageTextError('x'.repeat(501))).toBe(MESSAGES.MESSAGE_LENGTH)
    expect(messageTextError(' Meet at gate 2 please ')).toBeNull()
  })

  it('refuses characters the server refuses, such as markup', () => {
    expect(messageTextError('<img src=x onerror=alert(1)> hello there')).toBe(MESSAGES.MESSAGE_CHARACTERS)
    expect(messageTextError('Fare 250 ₹, ok? (A/B) - _x_ & 10% $*+!')).toBeNull()
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
