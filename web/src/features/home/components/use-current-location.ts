import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { currentPosition, isLocationStale } from '@/lib/location'
import { storage, type StoredLocation } from '@/lib/storage'

async function permissionGranted(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state === 'granted'
  } catch {
    return false
  }
}

/**
 * The remembered current location. When it is older than the configured expiry and the person has already allowed
 * location access, it is read again quietly (home never prompts for permission itself). The code that names the place
 * and tells the server comes only then, after home is drawn.
 */
export function useCurrentLocation(expiryMinutes: number) {
  const [location, setLocation] = useState<StoredLocation | null>(() => storage.currentLocation.get())
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!isLocationStale(storage.currentLocation.get(), expiryMinutes) || storage.locationDenied.get()) return
    let cancelled = false
    void (async () => {
      if (!(await permissionGranted())) return
      try {
        const { placeNameAt, sendCurrentLocation } = await import('../api/location')
        const coordinates = await currentPosition()
        const name = (await placeNameAt(coordinates)) ?? storage.currentLocation.get()?.name
        if (cancelled || !name) return
        const fresh = { ...coordinates, name, updated_at: Date.now() }
        storage.currentLocation.set(fresh)
        setLocation(fresh)
        sendCurrentLocation(queryClient, coordinates)
      } catch {
        // A quiet refresh that fails keeps the last known place.
      }
    })()
    return () => {
      cancelled = true
    }
  }, [expiryMinutes, queryClient])

  const save = (next: StoredLocation) => {
    storage.currentLocation.set(next)
    setLocation(next)
  }

  return { location, save }
}
