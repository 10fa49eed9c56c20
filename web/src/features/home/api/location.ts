import { useMutation } from '@tanstack/react-query'
import type { components } from '@/generated/api'
import { getData, request } from '@/lib/api'
import type { Coordinates } from '@/lib/location'

/** PATCH /api/user/current_location: the server wants the coordinates as strings. */
export function useUpdateCurrentLocation() {
  return useMutation({
    mutationFn: ({ lat, long }: Coordinates) =>
      request<unknown>('/api/user/current_location', { method: 'PATCH', body: { lat: String(lat), long: String(long) } }),
  })
}

type GeocodedPlace = components['schemas']['PlaceNamePublic']

/** The name of the place at some coordinates, or null when it cannot be found. */
export async function placeNameAt({ lat, long }: Coordinates): Promise<string | null> {
  try {
    const place = await getData<GeocodedPlace>(`/api/trip/maps/geocode?lat=${lat}&long=${long}`)
    return place?.name || null
  } catch {
    return null
  }
}
