import { useEffect, useState } from 'react'
import { placeNameAt, useUpdateCurrentLocation } from '../api/location'
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
 * location access, it is read again quietly (home never prompts for permission itself).
 */
export function useCurrentLocation(expiryMinutes: number) {
  const [location, setLocation] = useState<StoredLocation | null>(() => storage.currentLocation.get())
  const { mutate: sendToServer } = useUpdateCurrentLocation()

  useEffect(() => {
    if (!isLocationStale(storage.currentLocation.get(), expiryMinutes) || storage.locationDenied.get()) return
    let cancelled = false
    void (async () => {
      if (!(await permissionGranted())) return
      try {
        const coordinates = await currentPosition()
        const name = (await placeNameAt(coordinates)) ?? storage.currentLocation.get()?.name
        if (cancelled || !name) return
        const fresh = { ...coordinates, name, updated_at: Date.now() }
        storage.currentLocation.set(fresh)
        setLocation(fresh)
        sendToServer(coordinates)
      } catch {
        // A quiet refresh that fails keeps the last known place.
      }
    })()
    return () => {
      cancelled = true
    }
  }, [expiryMinutes, sendToServer])

  const save = (next: StoredLocation) => {
    storage.currentLocation.set(next)
    setLocation(next)
  }

  return { location, save }
}
