import type { Catalog, Message } from './catalog'

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index],
  ]),
)

/** {placeholders} and <tags> stay as they are; everything else is accented. */
const MARKER = /(\{\w+\}|<\/?\w+>)/

/** "Continue" -> "[Çöñţîñûé ···]": accented, about 40% longer, bracketed so a clipped end shows. */
export function pseudoLocalize(text: string): string {
  const accented = text
    .split(MARKER)
    .map((part) => (MARKER.test(part) ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join('')
  const visible = text.replace(new RegExp(MARKER, 'g'), '').length
  const padding = '·'.repeat(Math.max(1, Math.ceil(visible * 0.4)))
  return `[${accented} ${padding}]`
}

const pseudoMessage = (message: Message): Message =>
  typeof message === 'string'
    ? pseudoLocalize(message)
    : (Object.fromEntries(Object.entries(message).map(([form, text]) => [form, pseudoLocalize(text)])) as Message)

export const pseudoCatalog = (english: Catalog): Catalog =>
  Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]))
