import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useRef } from 'react'
import styles from './TripRouteMap.module.css'
import type { Trip } from '@/components/trip/trip'
import { placeShortName } from '@/lib/location'
import { removeMap } from './removeMap'
import { useT, type Translate } from '@/i18n'
import { Trans } from '@/i18n/Trans'
import '@/i18n/catalogs/en/trips'

/** An approximate end (a stranger's view) is somewhere in a cell about this wide around its point. */
const APPROXIMATE_RADIUS_METRES = 500
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

type LatLng = [number, number]

/** The points the map draws, in travel order: the ends as the view gives them, a booked cab's stops between. */
export function routePoints(trip: Trip): { ends: [LatLng, LatLng]; stops: LatLng[] } {
  const stops =
    trip.cab?.status === 'booked'
      ? (trip.cab.stops ?? []).flatMap((stop) =>
          stop.latitude != null && stop.longitude != null ? [[stop.latitude, stop.longitude] as LatLng] : [],
        )
      : []
  return {
    ends: [
      [trip.origin.latitude, trip.origin.longitude],
      [trip.destination.latitude, trip.destination.longitude],
    ],
    stops,
  }
}

type RiderMarker = { point: LatLng; label: string }

/**
 * The active riders' own pick-ups and drops, each named for screen readers; a stop at the trip's own end
 * is the end's marker already.
 */
export function riderMarkers(trip: Trip, t: Translate): RiderMarker[] {
  const atEnd = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
    [trip.origin, trip.destination].some(
      (end) => Math.abs(end.latitude - latitude) < 1e-6 && Math.abs(end.longitude - longitude) < 1e-6,
    )
  return (trip.passengers ?? [])
    .filter((person) => person.type === 'member' && person.status === 'active')
    .flatMap((person) => {
      const { pickup, drop } = person
      const name = person.name ?? t('trips.aRider')
      const marks: RiderMarker[] = []
      if (pickup && !atEnd(pickup)) {
        marks.push({ point: [pickup.latitude, pickup.longitude], label: t('trips.riderJoinsAt', { name, place: placeShortName(pickup.name) }) })
      }
      if (drop && !atEnd(drop)) {
        marks.push({ point: [drop.latitude, drop.longitude], label: t('trips.riderLeavesAt', { name, place: placeShortName(drop.name) }) })
      }
      return marks
    })
}

/** A small still map of the trip: its two ends, the line between them through a booked cab's stops. */
export default function TripRouteMap({ trip }: { trip: Trip }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const t = useT()
  const { ends, stops } = routePoints(trip)
  const riders = riderMarkers(trip, t)
  const approximate = Boolean(trip.origin.is_approximate)
  const key = JSON.stringify([ends, stops, riders, approximate])

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const [origin, destination] = ends
    const map = L.map(container, {
      zoomControl: false,
      // Credited beside the map: a link inside a picture (role img) would be a control nested in it.
      attributionControl: false,
      dragging: false,
      touchZoom: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      keyboard: false,
      // A still picture: nothing to animate, and nothing left running when the sheet closes.
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
    })
    L.tileLayer(TILES, { maxZoom: 19 }).addTo(map)
    L.polyline([origin, ...stops, destination], { color: '#0e6b5c', weight: 4, opacity: 0.85 }).addTo(map)
    for (const stop of stops) {
      L.circleMarker(stop, { radius: 5, color: '#0e6b5c', fillColor: '#fff', fillOpacity: 1, weight: 2 }).addTo(map)
    }
    for (const rider of riders) {
      L.circleMarker(rider.point, { radius: 6, color: '#fff', fillColor: '#6b46c1', fillOpacity: 1, weight: 2 }).addTo(map)
    }
    ends.forEach((end, index) => {
      const color = index === 0 ? '#0e6b5c' : '#d1495b'
      if (approximate) {
        L.circle(end, { radius: APPROXIMATE_RADIUS_METRES, color, weight: 1, dashArray: '4 4', fillOpacity: 0.15 }).addTo(map)
      }
      L.circleMarker(end, { radius: 7, color: '#fff', fillColor: color, fillOpacity: 1, weight: 2 }).addTo(map)
    })
    const bounds = L.latLngBounds([origin, destination, ...stops, ...riders.map((rider) => rider.point)])
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 })
    // The sheet slides in; Leaflet measures the box once it has its final size.
    const resize = window.setTimeout(() => {
      map.invalidateSize()
      map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 })
    }, 300)
    return () => {
      window.clearTimeout(resize)
      removeMap(map)
    }
    // Drawn again only when what it shows changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  const from = placeShortName(trip.origin.name)
  const to = placeShortName(trip.destination.name)
  const mapLabel = [
    t('trips.mapOfRoute', { from, to }),
    stops.length ? `, ${t('trips.mapThrough', { count: stops.length })}` : '',
    riders.length ? `; ${riders.map((rider) => rider.label).join(', ')}` : '',
    approximate ? ` ${t('trips.mapEndsApproximate')}` : '',
  ].join('')
  return (
    <div className={styles.frame}>
      <div
        ref={containerRef}
        className={styles.map}
        role="img"
        aria-label={mapLabel}
        data-testid="trip-route-map"
        data-stops={stops.length}
        data-rider-stops={riders.length}
      />
      <p className={styles.credit}>
        <Trans
          k="trips.mapCredit"
          tags={{
            link: (text) => (
              <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
                {text}
              </a>
            ),
          }}
        />
      </p>
    </div>
  )
}
