import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { isLocationStale, LocationError, locationErrorText, placeShortName, shortLocationName } from './location'
import { useT } from '@/i18n'

describe('shortLocationName', () => {
  it('keeps the first comma part', () => {
    expect(shortLocationName('Koramangala, Bengaluru, Karnataka')).toBe('Koramangala')
  })

  it('cuts a long first part at about 25 characters', () => {
    const short = shortLocationName('Chhatrapati Shivaji Maharaj Terminus, Mumbai')
    expect(short).toBe('Chhatrapati Shivaji Mahar…')
    expect(short.length).toBeLessThanOrEqual(26)
  })

  it('leaves a short name alone', () => {
    expect(shortLocationName('HSR Layout')).toBe('HSR Layout')
  })
})

describe('placeShortName', () => {
  it('calls a place by its locality, without district, state or postal suffix', () => {
    expect(placeShortName('Indiranagar (Bangalore), Bengaluru, Karnataka')).toBe('Indiranagar')
    expect(placeShortName('Koramangala, Bengaluru, Karnataka')).toBe('Koramangala')
    expect(placeShortName('Dasarahalli(Srinagar), Bengaluru, Karnataka')).toBe('Dasarahalli')
    expect(placeShortName('Road (East) Junction, Pune')).toBe('Road (East) Junction')
  })

  it('keeps a name that would be left empty', () => {
    expect(placeShortName('(Bangalore)')).toBe('(Bangalore)')
    expect(placeShortName('Bangalore International Airport')).toBe('Bangalore International Airport')
  })
})

describe('isLocationStale', () => {
  const saved = { lat: 12.9, long: 77.6, name: 'HSR Layout', updated_at: 1_000_000 }

  it('is stale when nothing is stored', () => {
    expect(isLocationStale(null, 30)).toBe(true)
  })

  it('is stale once older than the configured minutes', () => {
    expect(isLocationStale(saved, 30, saved.updated_at + 29 * 60_000)).toBe(false)
    expect(isLocationStale(saved, 30, saved.updated_at + 31 * 60_000)).toBe(true)
  })
})

describe('a failed reading', () => {
  it('is said in the language, by its own sentence', () => {
    const t = renderHook(() => useT()).result.current
    expect(locationErrorText(new LocationError('permissionNeeded'), t)).toBe('Please allow location permission to fetch location')
    expect(locationErrorText(new LocationError('fetchFailed'), t)).toBe('Failed to fetch location. Please enter manually.')
  })
})
