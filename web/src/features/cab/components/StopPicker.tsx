import { useId, useState, type KeyboardEvent } from 'react'
import type { Stop } from '../model/booking'
import styles from './Cab.module.css'
import { usePlaceSuggestions } from '@/lib/place-suggestions'

type StopPickerProps = { disabled: boolean; onPick: (stop: Stop) => void }

/** A place to stop on the way (ARIA combobox): suggestions while typing; Enter or a tap adds it. */
export function StopPicker({ disabled, onPick }: StopPickerProps) {
  const inputId = useId()
  const listId = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const { suggestions, loading, failed } = usePlaceSuggestions(text, open)
  const shown = open && suggestions.length > 0

  const pick = (index: number) => {
    const chosen = suggestions[index]
    if (!chosen) return
    onPick({ place_id: chosen.place_id, label: chosen.label })
    setText('')
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (suggestions.length ? (index + step + suggestions.length) % suggestions.length : -1))
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      pick(active)
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  return (
    <div className={`field ${styles.picker}`}>
      <label htmlFor={inputId} className="field-label">
        Add a stop
      </label>
      <input
        id={inputId}
        className="input"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={disabled ? 'Three stops at most' : 'Search a place'}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
      />
      <span className="field-hint" role="status">
        {loading ? 'Searching…' : failed ? 'Places are unavailable right now.' : ''}
      </span>
      <ul id={listId} role="listbox" aria-label="Places" className={styles.list} hidden={!shown}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.place_id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(index)}
          >
            {suggestion.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
