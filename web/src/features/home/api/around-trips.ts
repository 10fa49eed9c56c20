import { queryOptions } from '@tanstack/react-query'
import { indiaWallTime, nextIsoDate } from '@/components/trip/india-time'
import { getData } from '@/lib/api-client'
import type { Coordinates } from '@/lib/location'
import { TRIPS_KEY } from '@/lib/query-keys'

export type AroundWindow = { date: string; start_time: string; end_time: string }

const END_OF_DAY = '23:59'

/**
 * Today's trips from now until the end of the day; once the clock passes the configured time of day ("HH:MM"),
 * tomorrow's whole day instead.
 */
export function aroundWindow(nextDayAfter: string, now: number = Date.now()): AroundWindow {
  const { date, time } = indiaWallTime(now)
  if (/^\d{2}:\d{2}$/.test(nextDayAfter) && time >= nextDayAfter) {
    return { date: nextIsoDate(date), start_time: '00:00', end_time: END_OF_DAY }
  }
  return { date, start_time: time, end_time: END_OF_DAY }
}

export const aroundTripsQueryOptions = (window: AroundWindow, origin: Coordinates, blacklisted: number[]) =>
  queryOptions({
    queryKey: [...TRIPS_KEY, 'around', window, origin, blacklisted],
    queryFn: async ({ signal }) => {
      const query = {
        ...window,
        origin_latitude: origin.lat,
        origin_longitude: origin.long,
        blacklisted_trip_ids: blacklisted.join(','),
      }
      const { trips } = await getData('/api/trip/search/around', { query, signal })
      // Your own trips and cancelled ones are never "around you".
      return trips.filter((trip) => !trip.is_current_user_host && trip.status !== 'CANCELLED')
    },
  })
