import { describe, expect, it } from 'vitest'
import { canSearch, emptySearchForm, searchFormFrom, searchPointFrom, searchQuery } from './search-query'
import { MODES } from '@/components/trip/trip'

const NOW = Date.UTC(2026, 3, 1, 4, 30)
const KORAMANGALA = { name: 'Koramangala, Bengaluru', place_id: 'in-560034', latitude: 12.93, longitude: 77.62 }
const WHITEFIELD = { name: 'Whitefield', place_id: 'in-560066', latitude: 12.97, longitude: 77.75 }

describe('search query', () => {
  it('waits for both places to have coordinates', () => {
    expect(canSearch(emptySearchForm(NOW))).toBe(false)
    expect(canSearch({ ...emptySearchForm(NOW), origin: KORAMANGALA })).toBe(false)
    expect(canSearch({ ...emptySearchForm(NOW), origin: KORAMANGALA, destination: WHITEFIELD })).toBe(true)
  })

  it('covers the whole day and leaves out filters that are not set, gender any included', () => {
    const query = new URLSearchParams(
      searchQuery({ ...emptySearchForm(NOW), origin: KORAMANGALA, destination: WHITEFIELD }),
    )
    expect(Object.fromEntries(query)).toEqual({
      origin_latitude: '12.93',
      origin_longitude: '77.62',
      origin_name: 'Koramangala, Bengaluru',
      origin_place_id: 'in-560034',
      destination_latitude: '12.97',
      destination_longitude: '77.75',
      destination_name: 'Whitefield',
      destination_place_id: 'in-560066',
      date: '2026-04-01',
      start_time: '00:00',
      end_time: '23:59',
    })
  })

  it('sends every advanced filter, modes as a list without undecided', () => {
    const form = {
      ...emptySearchForm(NOW),
      origin: KORAMANGALA,
      destination: WHITEFIELD,
      maximumPassengers: 3,
      modes: [MODES.cab, MODES.undecided, MODES.selfDrive],
      gender: 'FEMALE' as const,
      vehicleBooked: 'true' as const,
      estimatedCost: '1500',
      verifiedHostsOnly: true,
    }
    const query = new URLSearchParams(searchQuery(form))
    expect(query.get('maximum_passengers')).toBe('3')
    expect(query.get('preferred_mode_of_transport')).toBe('1,4')
    expect(query.get('gender')).toBe('FEMALE')
    expect(query.get('is_vehicle_booked')).toBe('true')
    expect(query.get('estimated_cost')).toBe('1500')
    expect(query.get('is_host_kyc_verified')).toBe('true')
    expect(searchFormFrom(query, NOW)).toEqual({ ...form, modes: [MODES.cab, MODES.selfDrive] })
  })

  it('gives the trip sheet only the search point', () => {
    const query = new URLSearchParams(
      searchQuery({ ...emptySearchForm(NOW), origin: KORAMANGALA, destination: WHITEFIELD }),
    )
    expect(searchPointFrom(query)).toEqual({
      origin_latitude: 12.93,
      origin_longitude: 77.62,
      destination_latitude: 12.97,
      destination_longitude: 77.75,
    })
    expect(searchPointFrom(new URLSearchParams())).toBeNull()
  })
})
