import { render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import TripRouteMap, { riderMarkers, routePoints } from './TripRouteMap'
import type { Trip } from '@/components/trip/trip'
import { passenger } from '@/testing/passenger'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

const trip = (overrides: Partial<Trip> = {}) =>
  ({
    id: 42,
    origin: { name: 'Koramangala, Bengaluru, Karnataka', latitude: 12.9352, longitude: 77.6245, is_approximate: false },
    destination: { name: 'Whitefield, Bengaluru, Karnataka', latitude: 12.9698, longitude: 77.75, is_approximate: false },
    cab: null,
    ...overrides,
  }) as unknown as Trip

const bookedCab = (status: string) =>
  ({
    status,
    stops: [
      { name: 'HSR Layout, Bengaluru, Karnataka', place_id: 'in-560102-f8603901', fare: 120, latitude: 12.91, longitude: 77.64 },
      { name: 'Old stop', place_id: 'x', fare: null, latitude: null, longitude: null },
    ],
  }) as unknown as Trip['cab']

describe('TripRouteMap', () => {
  it('draws the two ends and the line between them, named for screen readers', () => {
    const { container } = render(<TripRouteMap trip={trip()} />)
    const map = screen.getByRole('img', { name: 'Map of the route from Koramangala to Whitefield' })
    expect(map).toHaveAttribute('data-stops', '0')
    expect(container.querySelectorAll('path.leaflet-interactive').length).toBe(3) // the line and two ends
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright')
    expect(map.querySelector('a, button, [tabindex]')).toBeNull()
  })

  it("goes through a booked cab's stops that have a point, and not a requested cab's", () => {
    expect(routePoints(trip({ cab: bookedCab('booked') })).stops).toEqual([[12.91, 77.64]])
    expect(routePoints(trip({ cab: bookedCab('requested') })).stops).toEqual([])
    render(<TripRouteMap trip={trip({ cab: bookedCab('booked') })} />)
    expect(screen.getByRole('img', { name: /through 1 stop$/ })).toHaveAttribute('data-stops', '1')
  })

  it('draws a stranger the approximate ends the view gives', () => {
    const approximate = trip({
      origin: { name: 'Koramangala', latitude: 12.935, longitude: 77.625, is_approximate: true },
    } as Partial<Trip>)
    const { container } = render(<TripRouteMap trip={approximate} />)
    expect(screen.getByRole('img', { name: /\(ends approximate\)$/ })).toBeInTheDocument()
    expect(routePoints(approximate).ends[0]).toEqual([12.935, 77.625])
    expect(container.querySelectorAll('path.leaflet-interactive').length).toBe(5) // line, two cells, two ends
  })

  it("draws the active riders' own stops between the ends, named for screen readers", () => {
    const rider = (status: string) =>
      passenger({
        status,
        pickup: { name: 'HSR Layout, Bengaluru', latitude: 12.9116, longitude: 77.6474 },
        drop: { name: 'Whitefield, Bengaluru, Karnataka', latitude: 12.9698, longitude: 77.75 },
      })
    const joined = trip({ passengers: [rider('active')] })
    // The drop at the trip's own end is the end's marker already.
    expect(riderMarkers(joined, t).map((marker) => marker.label)).toEqual(['Ravi Kumar joins at HSR Layout'])
    expect(riderMarkers(trip({ passengers: [rider('requested')] }), t)).toEqual([])
    const { container } = render(<TripRouteMap trip={joined} />)
    const map = screen.getByRole('img', {
      name: 'Map of the route from Koramangala to Whitefield; Ravi Kumar joins at HSR Layout',
    })
    expect(map).toHaveAttribute('data-rider-stops', '1')
    expect(container.querySelectorAll('path.leaflet-interactive').length).toBe(4) // the line, the rider's stop, two ends
  })
})
