import { LIMITS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import { charactersError, textLength, tidyText } from '@/lib/free-text'
import '@/i18n/catalogs/en/chat'

/**
 * The server's message rules (SPEC §5), checked before sending, said in the language: null when the text may be sent.
 * Empty text is never sent and is not an error either, so it answers 'empty'.
 */
export function messageTextError(text: string, t: Translate): string | 'empty' | null {
  const trimmed = tidyText(text)
  if (!trimmed) return 'empty'
  const length = textLength(trimmed)
  if (length < LIMITS.MESSAGE_MIN_LENGTH || length > LIMITS.MESSAGE_MAX_LENGTH) {
    return t('chat.messageLength', { min: LIMITS.MESSAGE_MIN_LENGTH, max: LIMITS.MESSAGE_MAX_LENGTH })
  }
  const characters = charactersError(trimmed, '{characters}')
  return characters === null ? null : t('chat.messageCharacters', { characters })
}

export type TextPart = { kind: 'text' | 'italic'; text: string } | { kind: 'link'; text: string; href: string }

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi
const ITALIC = /(^|[\s(])_([^_\s](?:[^_]*[^_\s])?)_(?=$|[\s).,!?])/g
const TRAILING_PUNCTUATION = /[.,!?)]+$/

function italicParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(ITALIC)) {
    const start = (match.index ?? 0) + match[1].length
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) })
    parts.push({ kind: 'italic', text: match[2] })
    last = start + match[2].length + 2
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) })
  return parts
}

/**
 * A message as parts to render as React text: _underscored_ words in italics and http/https addresses as links.
 * Nothing here is HTML; the parts are text nodes.
 */
export function messageParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0
    const href = match[0].replace(TRAILING_PUNCTUATION, '')
    if (start > last) parts.push(...italicParts(text.slice(last, start)))
    parts.push({ kind: 'link', text: href, href })
    last = start + href.length
  }
  if (last < text.length) parts.push(...italicParts(text.slice(last)))
  return parts
}
