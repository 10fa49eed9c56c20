import { afterEach, describe, expect, it, vi } from 'vitest'
import { quickPosition } from './sos-location'
import { storage } from '@/lib/storage'

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } })
}

describe('the location an SOS carries', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('is the device’s position when the browser gives it', async () => {
    stubGeolocation((found) => found({ coords: { latitude: 12.97, longitude: 77.59 } } as GeolocationPosition))
    await expect(quickPosition()).resolves.toEqual({ latitude: 12.97, longitude: 77.59 })
  })

  it('is none when the browser has not answered in time, so the SOS is not held back', async () => {
    vi.useFakeTimers()
    stubGeolocation(() => undefined)
    const where = quickPosition(2000)
    vi.advanceTimersByTime(2000)
    await expect(where).resolves.toBeNull()
  })

  it('is none when refused, and not asked for again once refused before', async () => {
    const ask = vi.fn<Geolocation['getCurrentPosition']>((_found, failed) => failed?.({} as GeolocationPositionError))
    stubGeolocation(ask)
    await expect(quickPosition()).resolves.toBeNull()
    storage.locationDenied.set(true)
    await expect(quickPosition()).resolves.toBeNull()
    expect(ask).toHaveBeenCalledTimes(1)
  })
})
