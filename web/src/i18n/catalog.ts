/**
 * Catalogs: one per language, written as one file per area (catalogs/<language>/<area>.ts) and merged per language
 * (catalogs/<language>/index.ts). A message is a string with {placeholders} and <tag>text</tag> spans, or, for a
 * count, one string per plural category of Intl.PluralRules ('other' always; 'one', 'few'… as the language needs).
 */
export type PluralMessage = {
  zero?: string
  one?: string
  two?: string
  few?: string
  many?: string
  other: string
}
export type Message = string | PluralMessage
export type Area = Record<string, Message>

/** The areas of a language under 'area.key' names. */
export type Flatten<Areas extends Record<string, Area>> = UnionToIntersection<{ [A in keyof Areas & string]: { [K in keyof Areas[A] & string as `${A}.${K}`]: Areas[A][K] } }[keyof Areas & string]>

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never

export function merge<const Areas extends Record<string, Area>>(areas: Areas): Flatten<Areas> {
  const merged: Record<string, Message> = {}
  for (const [area, messages] of Object.entries(areas)) {
    for (const [key, message] of Object.entries(messages)) merged[`${area}.${key}`] = message
  }
  return merged as Flatten<Areas>
}

/** What another language writes for an English area or catalog: the same keys, a string or plural forms for each. */
export type Translation<English> = { [K in keyof English]: English[K] extends string ? string : PluralMessage }

/** The {names} a message takes. */
type Placeholders<Text> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never
export type ParamNames<M> = M extends string ? Placeholders<M> : M extends { other: infer Other } ? 'count' | Placeholders<Other> : never

export type Value = string | number
export type Params = Record<string, Value>

/** A catalog as the runtime reads it. */
export type Catalog = Record<string, Message>

const PLACEHOLDER = /\{(\w+)\}/g

/** The message's text for the count (plural messages) with its placeholders filled in. */
export function render(
  message: Message,
  params: Params | undefined,
  plural: (count: number) => Intl.LDMLPluralRule,
  formatNumber: (value: number) => string,
): string {
  const text = typeof message === 'string' ? message : (message[plural(Number(params?.count ?? 0))] ?? message.other)
  if (!params) return text
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name]
    if (value === undefined) return whole
    return typeof value === 'number' ? formatNumber(value) : value
  })
}

/** Every {placeholder} and <tag> of a message (of all its plural forms together), for checking a translation keeps
 * them: a form may leave the count unsaid ('one' as "a seat"), so each form alone is not held to all of them. */
export function markers(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message)
  const found = new Set<string>()
  for (const text of texts) {
    for (const match of text.matchAll(/\{\w+\}|<\/?\w+>/g)) found.add(match[0])
  }
  return [...found].sort()
}
