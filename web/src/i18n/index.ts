/**
 * The app's languages: the provider and hooks every screen uses. Screens import what only some of them need from its
 * own module, so it stays out of the first paint: LanguagePicker, Trans, useFormat and format, profile-language.
 */
export type { Key } from './catalogs/en'
export { I18nProvider, useI18n, useT, type I18n, type Translate } from './I18nProvider'
export type { Language, Locale } from './languages'
