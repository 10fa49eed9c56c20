import type { QueryClient } from '@tanstack/react-query'
import { UPCOMING_TRIPS, userTripsQueryOptions } from '@/lib/trips'

export { HomeScreen } from './components/HomeScreen'

/** Home's first data, asked for while the app starts, so home is drawn with it the first time. */
export function prefetchHome(client: QueryClient): void {
  void client.prefetchQuery(userTripsQueryOptions(UPCOMING_TRIPS))
}
