import { useId, useState } from 'react'
import { useI18n } from './I18nProvider'
import { htmlLangOf, isLanguage, nativeNameOf, pickableLocales, type Language, type Locale } from './languages'

type LanguagePickerProps = {
  /** Called with a chosen language (not the pseudo-locale), once the app speaks it. */
  onChosen?: (language: Language) => void
  className?: string
}

/** A labelled select of the app's languages, each named in its own words; a choice applies at once. */
export function LanguagePicker({ onChosen, className }: LanguagePickerProps) {
  const { locale, setLocale, t } = useI18n()
  const [pending, setPending] = useState<Locale | null>(null)
  const selectId = useId()
  const choose = async (next: Locale) => {
    setPending(next)
    await setLocale(next)
    setPending(null)
    if (isLanguage(next)) onChosen?.(next)
  }
  return (
    <div className={`field ${className ?? ''}`} data-testid="language-picker">
      <label className="field-label" htmlFor={selectId}>
        {t('common.language')}
      </label>
      <select
        id={selectId}
        className="input"
        value={pending ?? locale}
        onChange={(event) => void choose(event.target.value as Locale)}
      >
        {pickableLocales().map((option) => (
          <option key={option} value={option} lang={htmlLangOf(option)}>
            {nativeNameOf(option)}
          </option>
        ))}
      </select>
    </div>
  )
}
