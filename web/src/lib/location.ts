import { LIMITS, PATTERNS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import { storage, type StoredLocation } from '@/lib/storage'
import '@/i18n/catalogs/en/device'

/** Why the location could not be read, each said by its own catalog sentence (locationErrorText). */
const LOCATION_PROBLEMS = {
  fetchFailed: 'device.locationFetchFailed',
  permissionNeeded: 'device.locationPermissionNeeded',
  permissionProblem: 'device.locationPermissionProblem',
} as const

export type LocationProblem = keyof typeof LOCATION_PROBLEMS

/** "Koramangala 4th Block, Bengaluru, Karnataka" -> "Koramangala 4th Block" (first comma part, about 25 chars). */
export function shortLocationName(name: string, maxChars: number = LIMITS.LOCATION_NAME_MAX_CHARS): string {
  const first = name.split(',')[0]?.trim() ?? ''
  if (first.length <= maxChars) return first
  return `${first.slice(0, maxChars).trimEnd()}…`
}

const POSTAL_SUFFIX = new RegExp(PATTERNS.POSTAL_SUFFIX)

/**
 * What people call a place: its locality, without district, state or the post office's suffix.
 * "Indiranagar (Bangalore), Bengaluru, Karnataka" -> "Indiranagar". Long names are left whole for CSS to clip.
 */
export function placeShortName(name: string): string {
  const first = name.split(',')[0]?.trim() ?? ''
  return first.replace(POSTAL_SUFFIX, '').trim() || first || name
}

export function isLocationStale(location: StoredLocation | null, expiryMinutes: number, now: number = Date.now()) {
  if (!location) return true
  return now - location.updated_at > expiryMinutes * 60_000
}

export type Coordinates = { lat: number; long: number }

export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(problem)
  }
}

/** What to tell the person about a failed reading, in the language. */
export const locationErrorText = (error: LocationError, t: Translate): string => t(LOCATION_PROBLEMS[error.problem])

/** One fresh, precise reading (high accuracy, 20 s timeout, no cached position). */
export function currentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationError('permissionProblem'))
      return
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, long: position.coords.longitude }),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          storage.locationDenied.set(true)
          reject(new LocationError('permissionNeeded'))
        } else {
          reject(new LocationError('fetchFailed'))
        }
      },
      { enableHighAccuracy: true, timeout: LIMITS.LOCATION_TIMEOUT_SECONDS * 1000, maximumAge: 0 },
    )
  })
}

async function permissionState(): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state
  } catch {
    return 'unknown'
  }
}

/**
 * Asks for location permission unless it was refused before: a refusal is remembered and never asked about again.
 * Resolves to whether the app may read the location.
 */
export async function requestLocationPermission(): Promise<boolean> {
  if (storage.locationDenied.get() || !('geolocation' in navigator)) return false
  const state = await permissionState()
  if (state === 'granted') return true
  if (state === 'denied') {
    storage.locationDenied.set(true)
    return false
  }
  try {
    await currentPosition()
    return true
  } catch {
    return false
  }
}
