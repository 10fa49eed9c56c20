import { describe, expect, it } from 'vitest'
import { isLocationStale, shortLocationName } from './location'

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
