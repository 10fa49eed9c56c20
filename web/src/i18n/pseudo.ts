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

/** English as the pseudo-locale says it, read as it is asked for: an area that arrives later is pseudo-localized too. */
export const pseudoCatalog = (english: Catalog): Catalog =>
  new Proxy(
    {},
    {
      get: (_, key) => (typeof key === 'string' && english[key] !== undefined ? pseudoMessage(english[key]) : undefined),
      has: (_, key) => typeof key === 'string' && key in english,
      ownKeys: () => Reflect.ownKeys(english),
      getOwnPropertyDescriptor: (_, key) =>
        typeof key === 'string' && key in english
          ? { configurable: true, enumerable: true, value: pseudoMessage(english[key]) }
          : undefined,
    },
  )
