import { Fragment, type ReactNode } from 'react'
import type { Params } from './catalog'
import type { Key } from './catalogs/en'
import { useI18n } from './I18nProvider'

const TAGGED = /<(\w+)>(.*?)<\/\1>/g

/**
 * A message with <tag>spans</tag> drawn as elements, so each language orders the sentence its own way:
 * <Trans k="auth.legal" tags={{ terms: (text) => <a href={paths.terms}>{text}</a> }} />.
 */
export function Trans({ k, values, tags }: { k: Key; values?: Params; tags: Record<string, (text: string) => ReactNode> }) {
  const { t } = useI18n()
  const text = (t as (key: string, params?: Params) => string)(k, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(TAGGED)) {
    const [whole, tag, inner] = match
    if (match.index > last) parts.push(text.slice(last, match.index))
    const draw = tags[tag]
    parts.push(<Fragment key={parts.length}>{draw ? draw(inner) : inner}</Fragment>)
    last = match.index + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}
