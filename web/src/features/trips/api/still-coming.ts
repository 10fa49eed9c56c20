import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Trip } from '@/components/trip/trip'
import { call } from '@/lib/api-client'
import { TRIPS_KEY } from '@/lib/query-keys'

/**
 * The viewer is being asked "Still coming?" on this trip, still ahead: TripPublic.still_coming_asked, an active member
 * asked after the host moved the trip by more than half an hour (domain/rules/still_coming.py).
 */
export function isAskedStillComing(trip: Trip): boolean {
  return trip.still_coming_asked && trip.is_user_in_trip && !trip.is_current_user_host && !trip.is_past
}

/** PUT /api/trip/user/still-coming: "Keep my seat"; the sheet and the lists read the trip again on success. */
export function useKeepSeat(tripId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call('PUT', '/api/trip/user/still-coming', { body: { trip_id: tripId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}
