/** The app's languages: catalogs per language and area, the provider and hooks, Intl formatting. */
export type { Key } from './catalogs/en'
export { I18nProvider, useFormat, useI18n, useT, type Format, type I18n, type Translate } from './I18nProvider'
export { Trans } from './Trans'
export { LanguagePicker } from './LanguagePicker'
export { rememberPickedSignedOut, useProfileLanguage, useSaveProfileLanguage } from './profile-language'
export { LANGUAGES, type Language, type Locale } from './languages'
export * from './format'
