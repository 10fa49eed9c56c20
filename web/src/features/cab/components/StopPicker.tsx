import { useId, useState } from 'react'
import type { Stop } from '../model/booking'
import styles from './Cab.module.css'
import { useT } from '@/i18n'
import type { Suggestion } from '@/lib/maps'
import { suggestionsOnly, usePlaceSearch } from '@/lib/place-search'
import '@/i18n/catalogs/en/cab'

type StopPickerProps = { disabled: boolean; onPick: (stop: Stop) => void }

/** A place to stop on the way (ARIA combobox): suggestions while typing; Enter or a tap adds it. */
export function StopPicker({ disabled, onPick }: StopPickerProps) {
  const t = useT()
  const inputId = useId()
  const listId = useId()
  const [text, setText] = useState('')
  const search = usePlaceSearch({
    text,
    optionsOf: suggestionsOnly,
    onPick: (chosen: Suggestion) => {
      onPick({ place_id: chosen.place_id, label: chosen.label })
      setText('')
    },
  })
  const { suggestions, loading, failed, activeIndex } = search
  const shown = search.open && suggestions.length > 0

  return (
    <div className={`field ${styles.picker}`} onBlur={search.onBlur}>
      <label htmlFor={inputId} className="field-label">
        {t('cab.addStop')}
      </label>
      <input
        id={inputId}
        className="input"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        autoComplete="off"
        placeholder={disabled ? t('cab.threeStopsMax') : t('cab.searchPlace')}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          search.typed()
        }}
        onKeyDown={search.onKeyDown}
      />
      <span className="field-hint" role="status">
        {loading ? t('cab.searching') : failed ? t('cab.placesUnavailable') : ''}
      </span>
      <ul id={listId} role="listbox" aria-label={t('cab.places')} className={styles.list} hidden={!shown}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.place_id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => search.pick(suggestion)}
          >
            {suggestion.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
