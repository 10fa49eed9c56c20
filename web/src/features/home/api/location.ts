import { MutationObserver, useMutation, type QueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import type { Coordinates } from '@/lib/location'
import { geocode } from '@/lib/maps'

/** PATCH /api/user/current_location: the server wants the coordinates as strings. */
const currentLocationUpdate = {
  mutationFn: ({ lat, long }: Coordinates) =>
    call('PATCH', '/api/user/current_location', { body: { lat: String(lat), long: String(long) } }),
}

export function useUpdateCurrentLocation() {
  return useMutation(currentLocationUpdate)
}

/**
 * The same update sent from outside a component (home's quiet refresh of the place), as a mutation too: a 401 ends
 * the session as it does anywhere else (lib/query-client.ts). Failures are left unsaid, as the refresh is quiet.
 */
export function sendCurrentLocation(client: QueryClient, coordinates: Coordinates): void {
  new MutationObserver(client, currentLocationUpdate).mutate(coordinates).catch(() => undefined)
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
