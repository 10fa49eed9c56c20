import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sinceClock } from './standing-sos'
import { useFormat } from '@/i18n/useFormat'

const format = renderHook(() => useFormat()).result.current

describe('since when an SOS stands', () => {
  it('is said in India time, whatever the device is set to', () => {
    expect(sinceClock('2026-05-14T14:12:00+00:00', format)).toMatch(/^7:42\spm$/)
    expect(sinceClock('2026-05-14T00:05:00Z', format)).toMatch(/^5:35\sam$/)
  })

  it('says nothing for a time it cannot read', () => {
    expect(sinceClock('not a time', format)).toBe('')
  })
})
