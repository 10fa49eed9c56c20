import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import type { Coordinates } from '@/lib/location'
import { geocode } from '@/lib/maps'

/** PATCH /api/user/current_location: the server wants the coordinates as strings. */
export function useUpdateCurrentLocation() {
  return useMutation({
    mutationFn: ({ lat, long }: Coordinates) =>
      call('PATCH', '/api/user/current_location', { body: { lat: String(lat), long: String(long) } }),
  })
}

/** The name of the place at some coordinates, or null when it cannot be found. */
export async function placeNameAt(coordinates: Coordinates): Promise<string | null> {
  try {
    const place = await geocode(coordinates)
    return place?.name || null
  } catch {
    return null
  }
}
