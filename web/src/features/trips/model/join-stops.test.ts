import { describe, expect, it } from 'vitest'
import { joinRequestBody } from './join'
import { joinStopsFor, matchFromState } from './join-stops'
import type { Trip, TripMatch } from '@/components/trip/trip'

const trip = {
  id: 42,
  origin: { name: 'Electronic City', place_id: null, latitude: 12.845, longitude: 77.66, is_approximate: true },
  destination: { name: 'Hebbal', place_id: null, latitude: 13.035, longitude: 77.597, is_approximate: true },
} as unknown as Trip

const match = (kind: TripMatch['kind']): TripMatch => ({
  kind,
  pickup: { name: 'HSR Layout', latitude: 12.9116, longitude: 77.6474, walk_m: 0 },
  drop: { name: 'Shivajinagar', latitude: 12.9857, longitude: 77.6057, walk_m: 0 },
  detour_minutes: 6,
})

describe('join stops', () => {
  it("offers the trip's ends, and sends no stops for them", () => {
    const stops = joinStopsFor(trip, null)
    expect(stops).toMatchObject({ pickup: null, drop: null, origin: { name: 'Electronic City' } })
    expect(joinRequestBody(42, { large: 0, small: 0 }, '', stops)).toEqual({ trip_id: 42 })
    expect(joinStopsFor(trip, match('ends'))).toMatchObject({ pickup: null, drop: null })
  })

  it("offers an along-the-way match's pick-up and drop, and sends them", () => {
    const stops = joinStopsFor(trip, match('along'))
    expect(joinRequestBody(42, { large: 0, small: 0 }, '', stops)).toEqual({
      trip_id: 42,
      pickup: { name: 'HSR Layout', latitude: 12.9116, longitude: 77.6474, place_id: '' },
      drop: { name: 'Shivajinagar', latitude: 12.9857, longitude: 77.6057, place_id: '' },
    })
  })

  it("keeps the trip's end where a match passing near the person drops them there", () => {
    const near = { ...match('along'), drop: { ...trip.destination, walk_m: 0 } } as TripMatch
    expect(joinStopsFor(trip, near)).toMatchObject({ pickup: { name: 'HSR Layout' }, drop: null })
  })

  it('reads a match handed over by the card, and nothing else', () => {
    expect(matchFromState({ match: match('along') })?.kind).toBe('along')
    expect(matchFromState(null)).toBeNull()
    expect(matchFromState({ trip })).toBeNull()
  })
})
