import type { Coordinates } from '../api/safety'
import { storage } from '@/lib/storage'

/** How long an SOS waits for the device's location before it is sent without one. */
export const SOS_LOCATION_WAIT_MS = 3000

/**
 * The device's location if the browser gives it within `waitMs`, else null: an SOS is never held back by it (a
 * permission prompt left open does not stop the wait). A location refused before is not asked for again.
 */
export function quickPosition(waitMs: number = SOS_LOCATION_WAIT_MS): Promise<Coordinates | null> {
  if (storage.locationDenied.get() || typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve(null)
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs)
    const settle = (where: Coordinates | null) => {
      clearTimeout(timer)
      resolve(where)
    }
    try {
      navigator.geolocation.getCurrentPosition(
        (position) => settle({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
        () => settle(null),
        { enableHighAccuracy: false, timeout: waitMs, maximumAge: 60_000 },
      )
    } catch {
      settle(null)
    }
  })
}
