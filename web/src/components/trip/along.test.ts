import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { alongLine, formatWalk } from './along'
import { detourChoiceLabel } from './detour'
import { riderStopsLine } from './rider-stops'
import type { TripMatch } from './trip'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

const stop = (name: string, walk_m = 0) => ({ name, latitude: 12.91, longitude: 77.64, walk_m })
const along = (overrides: Partial<TripMatch> = {}): TripMatch => ({
  kind: 'along',
  pickup: stop('HSR Layout, Bengaluru, Karnataka', 600),
  drop: stop('Shivajinagar, Bengaluru, Karnataka'),
  detour_minutes: 6,
  ...overrides,
})

describe('riders along the way', () => {
  it('says where the pick-up is, how far the rider walks and the host’s detour', () => {
    expect(alongLine(along(), t)).toBe(
      "Along the way: pick-up near HSR Layout (600 m from you) · host's detour about 6 min",
    )
  })

  it('leaves out a walk of nothing, and rounds the detour up to a whole minute', () => {
    expect(alongLine(along({ pickup: stop('HSR Layout'), detour_minutes: 5.2 }), t)).toBe(
      "Along the way: pick-up near HSR Layout · host's detour about 6 min",
    )
  })

  it('says a trip passing near the person when the pick-up has no name', () => {
    expect(alongLine(along({ pickup: stop('') }), t)).toBe("Along the way: passes near you · host's detour about 6 min")
  })

  it('says nothing new of a match at the ends', () => {
    expect(alongLine(along({ kind: 'ends' }), t)).toBeNull()
    expect(alongLine(null, t)).toBeNull()
  })

  it('writes walks in metres, and in kilometres the way the app does from 1 km', () => {
    expect(formatWalk(594)).toBe('590 m')
    expect(formatWalk(3)).toBe('10 m')
    expect(formatWalk(1234)).toBe('1.2 km')
    expect(formatWalk(12_600)).toBe('13 km')
  })

  it('names the detour choices, 0 meaning the ends only', () => {
    expect(detourChoiceLabel(0, t)).toBe('Only riders at my start and end')
    expect(detourChoiceLabel(15, t)).toBe('Up to 15 minutes')
  })

  it("says where a rider joins and leaves, in order, with the host's extra minutes", () => {
    const person = {
      pickup: { name: 'HSR Layout, Bengaluru', latitude: 1, longitude: 2 },
      drop: { name: 'Shivajinagar, Bengaluru', latitude: 3, longitude: 4 },
      detour_minutes: 6,
    }
    expect(riderStopsLine(person, t)).toBe('Joins at HSR Layout · leaves at Shivajinagar · +6 min')
    expect(riderStopsLine({ ...person, detour_minutes: 0 }, t)).toBe('Joins at HSR Layout · leaves at Shivajinagar')
    expect(riderStopsLine({ pickup: null, drop: null, detour_minutes: null }, t)).toBeNull()
  })
})
