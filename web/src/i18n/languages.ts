/** The languages the app speaks, each named in its own words (a picker shows them so). */
export const LANGUAGES = {
  en: { htmlLang: 'en-IN', nativeName: 'English' },
  hi: { htmlLang: 'hi-IN', nativeName: 'हिन्दी' },
  kn: { htmlLang: 'kn-IN', nativeName: 'ಕನ್ನಡ' },
} as const

export type Language = keyof typeof LANGUAGES

/**
 * English with every string accented and made about 40% longer, for finding text left outside the catalogs and
 * layouts that clip a longer language. Offered in development and tests only.
 */
export const PSEUDO = 'en-XA'
export type Locale = Language | typeof PSEUDO

export const DEFAULT_LANGUAGE: Language = 'en'

export const pseudoAvailable = (): boolean => import.meta.env.DEV || import.meta.env.MODE === 'test'

/** The locales a picker offers: the languages, and the pseudo-locale where it is available. */
export const pickableLocales = (): Locale[] => [
  ...(Object.keys(LANGUAGES) as Language[]),
  ...(pseudoAvailable() ? [PSEUDO as Locale] : []),
]

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(LANGUAGES, value)

export const isLocale = (value: unknown): value is Locale =>
  isLanguage(value) || (value === PSEUDO && pseudoAvailable())

/** The catalog language behind a locale: the pseudo-locale is English underneath. */
export const languageOf = (locale: Locale): Language => (locale === PSEUDO ? 'en' : locale)

export const htmlLangOf = (locale: Locale): string => (locale === PSEUDO ? PSEUDO : LANGUAGES[locale].htmlLang)

export const nativeNameOf = (locale: Locale): string =>
  locale === PSEUDO ? 'Pseudo (en-XA)' : LANGUAGES[locale].nativeName

/** The first of the browser's languages the app speaks ("hi-IN" is Hindi), else English. */
export function languageFromBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return DEFAULT_LANGUAGE
}
