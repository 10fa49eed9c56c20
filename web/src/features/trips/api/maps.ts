import { getData } from '@/lib/api'
import type { Coordinates } from '@/lib/location'

export type Suggestion = { label: string; place_id: string }

/** Places whose names match what was typed, nearest to `near` first. */
export const autocomplete = (text: string, near: Coordinates, signal?: AbortSignal) =>
  getData<Suggestion[]>(
    `/api/trip/maps/autocomplete?lat=${near.lat}&long=${near.long}&s=${encodeURIComponent(text)}`,
    signal,
  )

/** The coordinates of a suggested place. */
export const placeCoordinates = (placeId: string, signal?: AbortSignal) =>
  getData<{ lat: number; long: number }>(`/api/trip/maps/place?id=${encodeURIComponent(placeId)}`, signal)

/** The named place nearest some coordinates. */
export const geocode = ({ lat, long }: Coordinates, signal?: AbortSignal) =>
  getData<{ place_id: string; name: string }>(`/api/trip/maps/geocode?lat=${lat}&long=${long}`, signal)
