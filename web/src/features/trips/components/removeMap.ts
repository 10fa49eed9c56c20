import type L from 'leaflet'

/**
 * Removes a Leaflet map, also in the middle of a zoom. Leaflet 1.9 ends a zoom animation from a timer that
 * `map.remove()` does not clear; that timer then reads the removed panes ("Cannot read properties of undefined
 * (reading '_leaflet_pos')"). A map marked as no longer zooming lets the timer return at once.
 */
export function removeMap(map: L.Map): void {
  ;(map as unknown as { _animatingZoom: boolean })._animatingZoom = false
  map.remove()
}
