import { lazy, Suspense } from 'react'
import styles from './TripRouteMap.module.css'
import type { Trip } from '@/components/trip/trip'

// Leaflet and its styles load with the first trip sheet, not with the app's first paint.
const TripRouteMap = lazy(() => import('./TripRouteMap'))

/** The trip sheet's route map, a same-sized blank while Leaflet loads. */
export function RouteMap({ trip }: { trip: Trip }) {
  return (
    <Suspense fallback={<div className={styles.map} aria-hidden="true" />}>
      <TripRouteMap trip={trip} />
    </Suspense>
  )
}
