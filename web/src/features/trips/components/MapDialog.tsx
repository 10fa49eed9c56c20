import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import styles from './MapDialog.module.css'
import { MAP_FALLBACK, storedCoordinates, usePlaceSuggestions } from '@/lib/place-suggestions'
import { Dialog } from '@/components/Dialog'
import { SearchIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import type { Place } from '@/components/trip/trip'
import { errorMessage } from '@/lib/api'
import { geocode, placeCoordinates, type Suggestion } from '@/lib/maps'
import { addMapControls } from './mapControls'
import { removeMap } from './removeMap'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type MapDialogProps = {
  initial: Place | null
  onClose: () => void
  onSelect: (place: Place) => void
}

const pinIcon = L.divIcon({
  className: styles.pin,
  html: '<span></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
})

/** A map to tap a place on, with a search box to jump to a named place. Tiles come from OpenStreetMap. */
export default function MapDialog({ initial, onClose, onSelect }: MapDialogProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const markerRef = useRef<L.Marker | null>(null)
  const { t, message } = useI18n()
  const [picked, setPicked] = useState<Place | null>(initial)
  const [naming, setNaming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const [searching, setSearching] = useState(false)
  const { suggestions } = usePlaceSuggestions(search, searching)

  const putPin = (latitude: number, longitude: number) => {
    const map = mapRef.current
    if (!map) return
    if (markerRef.current) markerRef.current.setLatLng([latitude, longitude])
    else markerRef.current = L.marker([latitude, longitude], { icon: pinIcon, keyboard: false }).addTo(map)
  }

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const start = initial
      ? { lat: initial.latitude, long: initial.longitude }
      : (storedCoordinates() ?? MAP_FALLBACK)
    // The zoom buttons and the tiles' credit are added in the language (below).
    const map = L.map(container, { zoomControl: false, attributionControl: true }).setView([start.lat, start.long], 13)
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { maxZoom: 19 }).addTo(map)
    mapRef.current = map
    if (initial) putPin(initial.latitude, initial.longitude)
    map.on('click', (event: L.LeafletMouseEvent) => {
      const { lat, lng } = event.latlng
      putPin(lat, lng)
      setError(null)
      setNaming(true)
      setPicked(null)
      geocode({ lat, long: lng })
        .then((place) => setPicked({ name: place.name, place_id: place.place_id, latitude: lat, longitude: lng }))
        .catch((failure: unknown) => toast.error(message(errorMessage(failure))))
        .finally(() => setNaming(false))
    })
    // The dialog animates in; Leaflet measures the box once it has its final size.
    const resize = window.setTimeout(() => map.invalidateSize(), 250)
    return () => {
      window.clearTimeout(resize)
      removeMap(map)
      mapRef.current = null
      markerRef.current = null
    }
    // The map is built once per opening; later changes of `initial` do not move it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const map = mapRef.current
    return map ? addMapControls(map, t) : undefined
  }, [t])

  const jumpTo = async (suggestion: Suggestion) => {
    setSearching(false)
    setSearch(suggestion.label)
    try {
      const { lat, long } = await placeCoordinates(suggestion.place_id)
      mapRef.current?.setView([lat, long], 15)
      putPin(lat, long)
      setPicked({ name: suggestion.label, place_id: suggestion.place_id, latitude: lat, longitude: long })
      setError(null)
    } catch (failure) {
      toast.error(message(errorMessage(failure)))
    }
  }

  const confirm = () => {
    if (!picked) {
      setError(t('trips.selectPointOnMap'))
      return
    }
    onSelect(picked)
  }

  return (
    <Dialog open title={t('trips.selectOnMap')} onClose={onClose} testId="map-dialog">
      <div className={styles.search}>
        <label className="visually-hidden" htmlFor="map-search">
          {t('trips.searchOnMap')}
        </label>
        <SearchIcon size={18} className={styles.searchIcon} />
        <input
          id="map-search"
          className={`input ${styles.searchInput}`}
          placeholder={t('trips.searchOnMap')}
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setSearching(true)
          }}
        />
        {searching && suggestions.length > 0 && (
          <ul className={styles.results} aria-label={t('trips.placesFound')}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.place_id}>
                <button type="button" onClick={() => void jumpTo(suggestion)}>
                  {suggestion.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div
        ref={containerRef}
        className={styles.map}
        role="application"
        aria-label={t('trips.mapTapToPin')}
        data-testid="map"
      />
      <p className={styles.picked} aria-live="polite" data-testid="map-picked">
        {naming ? t('trips.findingPlaceNow') : picked ? picked.name : t('trips.tapToDropPin')}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('trips.cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={confirm} disabled={naming}>
          {t('trips.selectLocation')}
        </button>
      </div>
    </Dialog>
  )
}
