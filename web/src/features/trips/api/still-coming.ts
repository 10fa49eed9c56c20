import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Trip } from '@/components/trip/trip'
import { request } from '@/lib/api'
import { TRIPS_KEY } from '@/lib/trips'

/**
 * TripPublic.still_coming_asked: the viewer, an active member, was asked "Still coming?" after the host moved the
 * trip by more than half an hour (domain/rules/still_coming.py). Written by hand until the generated schemas carry
 * it; then `Trip` alone.
 */
export type StillComingTrip = Trip & { still_coming_asked?: boolean }

/** The viewer is being asked "Still coming?" on this trip, still ahead. */
export function isAskedStillComing(trip: StillComingTrip): boolean {
  return Boolean(trip.still_coming_asked) && trip.is_user_in_trip && !trip.is_current_user_host && !trip.is_past
}

/** PUT /api/trip/user/still-coming: "Keep my seat"; the sheet and the lists read the trip again on success. */
export function useKeepSeat(tripId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => request<unknown>('/api/trip/user/still-coming', { method: 'PUT', body: { trip_id: tripId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRIPS_KEY }),
  })
}
