import L from 'leaflet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { removeMap } from './removeMap'

type Zooming = { _animatingZoom: boolean; _onZoomTransitionEnd: () => void }

/** A map in the middle of a zoom, with the timer Leaflet sets to end it (as its _animateZoom does). */
function zoomingMap() {
  const container = document.createElement('div')
  document.body.append(container)
  const map = L.map(container).setView([12.97, 77.59], 12)
  const internals = map as unknown as Zooming
  internals._animatingZoom = true
  window.setTimeout(internals._onZoomTransitionEnd.bind(map), 250)
  return map
}

describe('removeMap', () => {
  afterEach(() => vi.useRealTimers())

  it('lets a zoom that was still running end quietly after the map is gone', () => {
    vi.useFakeTimers()
    const map = zoomingMap()
    removeMap(map)
    expect(() => vi.advanceTimersByTime(300)).not.toThrow()
  })

  it('is needed: the plain remove leaves the zoom to read the removed panes', () => {
    vi.useFakeTimers()
    const map = zoomingMap()
    map.remove()
    expect(() => vi.advanceTimersByTime(300)).toThrow(/Cannot read properties of undefined/)
  })
})
