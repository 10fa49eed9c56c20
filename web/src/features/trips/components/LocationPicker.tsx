import { lazy, Suspense, useId, useState } from 'react'
import styles from './LocationPicker.module.css'
import { usePlaceSearch } from '@/lib/place-search'
import { storedCoordinates } from '@/lib/place-suggestions'
import { PinIcon, SearchIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import type { Place } from '@/components/trip/trip'
import { errorMessage } from '@/lib/api'
import { currentPosition, LocationError, locationErrorText } from '@/lib/location'
import { geocode, placeCoordinates, type Suggestion } from '@/lib/maps'
import { useI18n, type Translate } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/** Leaflet is only downloaded when someone opens the map. */
const MapDialog = lazy(() => import('./MapDialog'))

type LocationPickerProps = {
  label: string
  value: Place | null
  onChange: (place: Place) => void
  error?: string
  /** Shown, never changed (an edited trip keeps its places). */
  locked?: boolean
  testId?: string
}

type Option =
  | { kind: 'current'; key: string; label: string }
  | { kind: 'suggestion'; key: string; label: string; suggestion: Suggestion }
  | { kind: 'map'; key: string; label: string }

/** 'Your Location' first, then the places matching the text, and 'Select location on Map' last. */
const optionsOf = (suggestions: Suggestion[], t: Translate): Option[] => [
  { kind: 'current', key: 'current', label: t('trips.yourLocation') },
  ...suggestions.map<Option>((suggestion) => ({
    kind: 'suggestion',
    key: suggestion.place_id,
    label: suggestion.label,
    suggestion,
  })),
  { kind: 'map', key: 'map', label: t('trips.selectOnMap') },
]

/** Where is the person now, as a named place: the stored location, else a fresh reading. */
async function currentPlace(): Promise<Place> {
  const coordinates = storedCoordinates() ?? (await currentPosition())
  const place = await geocode(coordinates)
  return { name: place.name, place_id: place.place_id, latitude: coordinates.lat, longitude: coordinates.long }
}

/**
 * A place field (ARIA combobox): suggestions while typing, 'Your Location' and 'Select location on Map' always offered.
 */
export function LocationPicker({ label, value, onChange, error, locked, testId }: LocationPickerProps) {
  const { t, message } = useI18n()
  const inputId = useId()
  const listId = useId()
  const messageId = useId()
  const [text, setText] = useState(value?.name ?? '')
  const [typing, setTyping] = useState(false)
  const [busy, setBusy] = useState(false)
  const [mapOpen, setMapOpen] = useState(false)

  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    // A place set from outside (clear all, a map choice) replaces what is in the box.
    setShownValue(value)
    setText(value?.name ?? '')
    setTyping(false)
  }

  const choose = async (option: Option) => {
    if (option.kind === 'map') {
      setMapOpen(true)
      return
    }
    setBusy(true)
    try {
      if (option.kind === 'current') {
        onChange(await currentPlace())
      } else {
        const { lat, long } = await placeCoordinates(option.suggestion.place_id)
        onChange({ name: option.suggestion.label, place_id: option.suggestion.place_id, latitude: lat, longitude: long })
      }
    } catch (failure) {
      toast.error(failure instanceof LocationError ? locationErrorText(failure, t) : message(errorMessage(failure)))
    } finally {
      setBusy(false)
    }
  }

  const search = usePlaceSearch({
    text,
    optionsOf: (suggestions: Suggestion[]) => optionsOf(suggestions, t),
    onPick: (option: Option) => void choose(option), searching: typing })
  const { suggestions, loading, failed, options, open, activeIndex } = search

  if (locked) {
    return (
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        <div className={styles.inputWrap}>
          <PinIcon size={18} className={styles.leading} />
          <input id={inputId} className={`input ${styles.input}`} value={value?.name ?? ''} readOnly aria-readonly="true" disabled data-testid={testId} />
        </div>
      </div>
    )
  }

  const activeOption = search.active

  return (
    <div className={`field ${styles.picker}`} onBlur={search.onBlur}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <SearchIcon size={18} className={styles.leading} />
        <input
          id={inputId}
          className={`input ${styles.input}`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${activeOption.key}` : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={messageId}
          autoComplete="off"
          placeholder={t('trips.searchPlace')}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setTyping(true)
            search.typed()
          }}
          onClick={search.openList}
          onKeyDown={search.onKeyDown}
          data-testid={testId}
        />
        {busy && <span className={styles.spinner} aria-label={t('trips.findingPlace')} role="status" />}
        {open && (
          <ul id={listId} role="listbox" aria-label={t('trips.suggestionsFor', { label })} className={styles.list}>
            {options.map((option, index) => (
              <li
                key={option.key}
                id={`${listId}-${option.key}`}
                role="option"
                aria-selected={index === activeIndex}
                className={`${styles.option} ${option.kind !== 'suggestion' ? styles.action : ''}`}
                // Keeps focus in the input so the blur handler does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => search.pick(option)}
              >
                {option.kind === 'suggestion' ? <PinIcon size={16} /> : option.kind === 'current' ? <LocateGlyph /> : <MapGlyph />}
                <span>{option.label}</span>
              </li>
            ))}
            {typing && text.trim() && !loading && suggestions.length === 0 && (
              <li role="presentation" className={styles.note}>
                {failed ? t('trips.suggestionsFailed') : t('trips.noMatchingPlaces')}
              </li>
            )}
            {loading && (
              <li role="presentation" className={styles.note}>
                {t('trips.searching')}
              </li>
            )}
          </ul>
        )}
      </div>
      <p id={messageId} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error}
      </p>
      {mapOpen && (
        <Suspense fallback={null}>
          <MapDialog
            initial={value}
            onClose={() => setMapOpen(false)}
            onSelect={(place) => {
              setMapOpen(false)
              onChange(place)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}

function LocateGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
    </svg>
  )
}

function MapGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2z" strokeLinejoin="round" />
      <path d="M9 4v14M15 6v14" />
    </svg>
  )
}
