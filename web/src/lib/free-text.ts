import { PATTERNS } from '@/generated/rules'

/**
 * Free text (SPEC §5): every note, reason, question, answer and chat message, checked as the server checks it
 * (domain/rules/text.py), from the same exported data and by the same steps. Letters and marks of any script, digits,
 * spaces, punctuation and symbols (emoji with their joiners, flags) are allowed; control characters (a line break only
 * where the field has rows), zero-width, bidirectional and other invisible characters are not.
 */

const CHARACTER = new RegExp(PATTERNS.FREE_TEXT_CHARACTER, 'u')
const TRIMMED = new Set<number>(PATTERNS.FREE_TEXT_TRIMMED)
const JOINERS = new Set<number>(PATTERNS.FREE_TEXT_JOINERS)

const categoryClass = (categories: readonly string[]) =>
  new RegExp(`^[${categories.map((category) => `\\p{${category}}`).join('')}]$`, 'u')
const BEFORE_JOINER = categoryClass(PATTERNS.FREE_TEXT_BEFORE_JOINER)
const AFTER_JOINER = categoryClass(PATTERNS.FREE_TEXT_AFTER_JOINER)

type Ranges = readonly (readonly [number, number])[]
const inRanges = (point: number, ranges: Ranges) => ranges.some(([start, end]) => start <= point && point <= end)

/** The text as kept: Windows line ends made plain where the field has rows, whitespace trimmed at both ends. */
export function tidyText(text: string, rows = true): string {
  const points = Array.from(rows ? text.replaceAll('\r\n', '\n') : text)
  let start = 0
  let end = points.length
  while (start < end && TRIMMED.has(points[start].codePointAt(0) ?? 0)) start += 1
  while (end > start && TRIMMED.has(points[end - 1].codePointAt(0) ?? 0)) end -= 1
  return points.slice(start, end).join('')
}

/** How many characters a subdivision flag starting here has, or 0. */
function flagLength(points: string[], start: number): number {
  let end = start + 1
  while (end < points.length && end - start <= PATTERNS.FREE_TEXT_FLAG_TAGS_MAX) {
    if (!inRanges(points[end].codePointAt(0) ?? 0, PATTERNS.FREE_TEXT_FLAG_TAGS)) break
    end += 1
  }
  if (end > start + 1 && end < points.length && points[end].codePointAt(0) === PATTERNS.FREE_TEXT_FLAG_END) {
    return end + 1 - start
  }
  return 0
}

function allowed(points: string[], index: number, rows: boolean): boolean {
  const character = points[index]
  const point = character.codePointAt(0) ?? 0
  if (character === '\n') return rows
  if (JOINERS.has(point)) {
    return (
      index > 0 &&
      index < points.length - 1 &&
      BEFORE_JOINER.test(points[index - 1]) &&
      AFTER_JOINER.test(points[index + 1])
    )
  }
  if (inRanges(point, PATTERNS.FREE_TEXT_REFUSED_RANGES)) return false
  return CHARACTER.test(character)
}

/**
 * The characters the text may not have, each once, in the order they come; with atMost, only the first that many (the
 * text may have more). One look at each character, however many different ones it refuses.
 */
export function refusedCharacters(text: string, rows = true, atMost = Infinity): string[] {
  const points = Array.from(text)
  const refused = new Set<string>() // in the order they come, each found again in one step
  let index = 0
  while (index < points.length && refused.size < atMost) {
    if (points[index].codePointAt(0) === PATTERNS.FREE_TEXT_FLAG) {
      const length = flagLength(points, index)
      if (length) {
        index += length
        continue
      }
    }
    if (!refused.has(points[index]) && !allowed(points, index, rows)) refused.add(points[index])
    index += 1
  }
  return Array.from(refused)
}

const NAMES: Record<string, string> = PATTERNS.FREE_TEXT_NAMES

export const characterName = (character: string): string =>
  NAMES[character] ?? `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/** The message (a template with {characters}) naming what the text may not have, or null when it is fine. */
export function charactersError(text: string, message: string, rows = true): string | null {
  const refused = refusedCharacters(text, rows, PATTERNS.FREE_TEXT_NAMED_MAX + 1)
  if (refused.length === 0) return null
  const names = refused.slice(0, PATTERNS.FREE_TEXT_NAMED_MAX).map(characterName)
  if (refused.length > PATTERNS.FREE_TEXT_NAMED_MAX) names.push('…')
  return message.replace('{characters}', names.join(', '))
}

/** Characters as the server counts them (code points: an emoji is one or a few, never half of one). */
export const textLength = (text: string): number => Array.from(text).length
