import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { render, type Catalog, type ParamNames, type Params, type Value } from './catalog'
import { en, type English, type Key } from './catalogs/en'
import { APP_MESSAGES } from './catalogs/en/messages'
import { formatNumber, pluralCategory } from './format'
import { loadCatalog, loadedCatalog } from './load'
import { DEFAULT_LANGUAGE, htmlLangOf, isLocale, languageFromBrowser, languageOf, type Language, type Locale } from './languages'
import { setAnswerLanguage } from '@/lib/api'
import { storage } from '@/lib/storage'

type ParamsOf<K extends Key> = [ParamNames<English[K]>] extends [never]
  ? []
  : [params: Record<ParamNames<English[K]>, Value>]

/** t('auth.codeSentTo', { length: 4, phone }): the key's message in the current language, placeholders filled in. */
export type Translate = <K extends Key>(key: K, ...params: ParamsOf<K>) => string

export type I18n = {
  /** What the person chose: a language, or the pseudo-locale in development. */
  locale: Locale
  /** The catalog language behind it. */
  language: Language
  t: Translate
  /** A sentence of domain/rules messages the app itself says (the fallback error, say) in the current language. */
  message: (text: string) => string
  /** Changes the language at once, without a reload, and remembers it on this device. */
  setLocale: (locale: Locale) => Promise<void>
}

const messageKeys = new Map<string, string>(Object.entries(APP_MESSAGES).map(([key, text]) => [text, key]))

function i18nOf(locale: Locale, catalog: Catalog, setLocale: I18n['setLocale']): I18n {
  const plural = (count: number) => pluralCategory(count, locale)
  const number = (value: number) => formatNumber(value, locale)
  const translate = (key: string, params?: Params) =>
    render(catalog[key] ?? en[key] ?? key, params, plural, number)
  return {
    locale,
    language: languageOf(locale),
    t: ((key: string, params?: Params) => translate(key, params)) as Translate,
    message: (text) => {
      const key = messageKeys.get(text)
      return key && `messages.${key}` in catalog ? translate(`messages.${key}`) : text
    },
    setLocale,
  }
}

/** Outside a provider (a component's own test) the app speaks English. */
const I18nContext = createContext<I18n>(i18nOf(DEFAULT_LANGUAGE, en, async () => undefined))

/** The chosen language of this device, else the first of the browser's languages the app speaks. */
export function initialLocale(): Locale {
  const stored = storage.language.get()
  if (isLocale(stored)) return stored
  return languageFromBrowser(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))
}

type Shown = { locale: Locale; catalog: Catalog }

/**
 * The app's language. English is drawn at once; another language's catalog is fetched first (its screens wait for
 * it rather than flashing English), and a change keeps the current language on screen until the new one is here.
 */
export function I18nProvider({ children, locale: first = initialLocale() }: { children: ReactNode; locale?: Locale }) {
  const [shown, setShown] = useState<Shown | null>(() => {
    const catalog = loadedCatalog(first)
    // Another language's catalog is asked for while the app's first render goes on.
    if (!catalog) void loadCatalog(first).catch(() => undefined)
    return catalog ? { locale: first, catalog } : null
  })
  const latest = useRef(0)

  const show = useCallback(async (locale: Locale) => {
    const request = ++latest.current
    const catalog = await loadCatalog(locale).catch(() => null)
    if (request !== latest.current) return
    setShown(catalog ? { locale, catalog } : { locale: DEFAULT_LANGUAGE, catalog: en })
  }, [])

  const setLocale = useCallback(
    async (locale: Locale) => {
      storage.language.set(locale)
      await show(locale)
    },
    [show],
  )

  // A first visit in another language draws nothing until its catalog is here.
  useEffect(() => {
    if (!shown) void show(first)
  }, [shown, show, first])

  useLayoutEffect(() => {
    if (!shown) return
    document.documentElement.lang = htmlLangOf(shown.locale)
    setAnswerLanguage(languageOf(shown.locale))
  }, [shown])

  const value = useMemo(() => shown && i18nOf(shown.locale, shown.catalog, setLocale), [shown, setLocale])
  if (!value) return null
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export const useI18n = (): I18n => useContext(I18nContext)
export const useT = (): Translate => useContext(I18nContext).t
