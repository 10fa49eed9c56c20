import { useId, useState, type KeyboardEvent } from 'react'
import styles from './PlaceSearchField.module.css'
import { usePlaceSuggestions } from '@/lib/place-suggestions'
import type { Suggestion } from '@/lib/maps'

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
  const inputId = useId()
  const listId = useId()
  const messageId = useId()
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState(-1)
  const { suggestions, loading, failed } = usePlaceSuggestions(value, open)

  const close = () => {
    setOpen(false)
    setActiveIndex(-1)
  }

  const pick = (suggestion: Suggestion) => {
    close()
    onPick(suggestion)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault()
      setOpen(true)
      setActiveIndex((index) => (index + 1) % suggestions.length)
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault()
      setOpen(true)
      setActiveIndex((index) => (index <= 0 ? suggestions.length - 1 : index - 1))
    } else if (event.key === 'Enter' && open && activeIndex >= 0) {
      event.preventDefault()
      pick(suggestions[activeIndex])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  const active = open && activeIndex >= 0 ? suggestions[activeIndex] : undefined
  const optionId = (suggestion: Suggestion) => `${listId}-${suggestion.place_id}`
  const showList = open && value.trim() !== ''

  return (
    <div
      className={`field ${styles.field}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
      }}
    >
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
        placeholder="e.g. Koramangala, Bengaluru"
        value={value}
        onChange={(event) => {
          onType(event.target.value)
          setOpen(true)
          setActiveIndex(-1)
        }}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
      {showList && (
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className={styles.list}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.place_id}
              id={optionId(suggestion)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.option}
              // Keeps focus in the input so the blur handler does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion.label}
            </li>
          ))}
          {!loading && suggestions.length === 0 && (
            <li role="presentation" className={styles.note}>
              {failed ? 'Could not load suggestions' : 'No matching places'}
            </li>
          )}
          {loading && (
            <li role="presentation" className={styles.note}>
              Searching…
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
