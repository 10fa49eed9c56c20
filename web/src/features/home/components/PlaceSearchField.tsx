import { useId } from 'react'
import styles from './PlaceSearchField.module.css'
import { useT } from '@/i18n'
import type { Suggestion } from '@/lib/maps'
import { suggestionsOnly, usePlaceSearch } from '@/lib/place-search'
import '@/i18n/catalogs/en/place'

type PlaceSearchFieldProps = {
  label: string
  value: string
  error: string | null
  onType: (text: string) => void
  onPick: (suggestion: Suggestion) => void
  testId?: string
}

/** A text box offering the places that match what is typed (ARIA combobox); picking one hands it to onPick. */
export function PlaceSearchField({ label, value, error, onType, onPick, testId }: PlaceSearchFieldProps) {
  const t = useT()
  const inputId = useId()
  const listId = useId()
  const messageId = useId()
  const search = usePlaceSearch({ text: value, optionsOf: suggestionsOnly, onPick })
  const { suggestions, loading, failed, open, active, activeIndex } = search

  const optionId = (suggestion: Suggestion) => `${listId}-${suggestion.place_id}`
  const showList = open && value.trim() !== ''

  return (
    <div className={`field ${styles.field}`} onBlur={search.onBlur}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={messageId}
        autoComplete="off"
        placeholder={t('place.placeExample')}
        value={value}
        onChange={(event) => {
          onType(event.target.value)
          search.typed()
        }}
        onKeyDown={search.onKeyDown}
        data-testid={testId}
      />
      {showList && (
        <ul id={listId} role="listbox" aria-label={t('place.suggestions', { label })} className={styles.list}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.place_id}
              id={optionId(suggestion)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.option}
              // Keeps focus in the input so the blur handler does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => search.pick(suggestion)}
            >
              {suggestion.label}
            </li>
          ))}
          {!loading && suggestions.length === 0 && (
            <li role="presentation" className={styles.note}>
              {failed ? t('place.suggestionsFailed') : t('place.noPlaces')}
            </li>
          )}
          {loading && (
            <li role="presentation" className={styles.note}>
              {t('place.searching')}
            </li>
          )}
        </ul>
      )}
      <p id={messageId} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  )
}
