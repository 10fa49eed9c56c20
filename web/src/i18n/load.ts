import type { Catalog } from './catalog'
import { en } from './catalogs/en'
import { PSEUDO, type Locale } from './languages'

/**
 * Each language's catalog (and the font for its script) is its own download, fetched when the language is first
 * used; English is part of the app itself, so the first paint never waits for it.
 */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Catalog>> = {
  hi: () => Promise.all([import('./catalogs/hi'), import('./fonts/devanagari.css')]).then(([catalog]) => catalog.default),
  kn: () => Promise.all([import('./catalogs/kn'), import('./fonts/kannada.css')]).then(([catalog]) => catalog.default),
  // Written out (not pseudoAvailable()) so that a production build drops the pseudo-locale's code.
  [PSEUDO]: () =>
    import.meta.env.DEV || import.meta.env.MODE === 'test'
      ? import('./pseudo').then(({ pseudoCatalog }) => pseudoCatalog(en))
      : Promise.reject(new Error('the pseudo-locale is for development')),
}

const loaded = new Map<Locale, Catalog>([['en', en]])
const loading = new Map<Locale, Promise<Catalog>>()

/** The catalog if it is here already (English always is). */
export const loadedCatalog = (locale: Locale): Catalog | undefined => loaded.get(locale)

export function loadCatalog(locale: Locale): Promise<Catalog> {
  const ready = loaded.get(locale)
  if (ready) return Promise.resolve(ready)
  let pending = loading.get(locale)
  if (!pending) {
    pending = LOADERS[locale as Exclude<Locale, 'en'>]()
      .then((catalog) => {
        loaded.set(locale, catalog)
        return catalog
      })
      .finally(() => loading.delete(locale))
    loading.set(locale, pending)
  }
  return pending
}
