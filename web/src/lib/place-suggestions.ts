import { useEffect, useState } from 'react'
import { LIMITS } from '@/generated/rules'
import type { Coordinates } from '@/lib/location'
import { autocomplete, type Suggestion } from '@/lib/maps'
import { storage } from '@/lib/storage'

/** Suggestions are ranked around the person's stored location, or around Bengaluru when there is none. */
const SUGGESTIONS_FALLBACK: Coordinates = { lat: 12.9716, long: 77.5946 }
/** The map opens on the person's stored location, or on Jaipur when there is none. */
export const MAP_FALLBACK: Coordinates = { lat: 26.9124, long: 75.7873 }

export function storedCoordinates(): Coordinates | null {
  const stored = storage.currentLocation.get()
  return stored?.lat != null && stored.long != null ? { lat: stored.lat, long: stored.long } : null
}

/** Places matching the typed text, asked for 300 ms after the typing stops; older answers are dropped. */
export function usePlaceSuggestions(text: string, enabled: boolean) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const query = text.trim()
    if (!enabled || !query) {
      setSuggestions([])
      setLoading(false)
      return
    }
    const controller = new AbortController()
    setLoading(true)
    const timer = window.setTimeout(() => {
      autocomplete(query, storedCoordinates() ?? SUGGESTIONS_FALLBACK, controller.signal)
        .then((found) => {
          setSuggestions(found)
          setFailed(false)
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return
          setSuggestions([])
          setFailed(true)
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false)
        })
    }, LIMITS.AUTOCOMPLETE_DEBOUNCE_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [text, enabled])

  return { suggestions, loading, failed }
}
