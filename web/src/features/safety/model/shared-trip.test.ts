import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sharedTripWhen } from './shared-trip'
import { useFormat } from '@/i18n/useFormat'

const format = renderHook(() => useFormat()).result.current

describe('the live trip page’s time', () => {
  it('reads a zoned time in India time', () => {
    expect(sharedTripWhen('2026-05-14T03:35:00Z', format)).toMatch(/^14 May 2026 · 9:05\sam$/)
    expect(sharedTripWhen('2026-05-14T09:05:00+05:30', format)).toMatch(/^14 May 2026 · 9:05\sam$/)
  })

  it('reads a time without a zone as India’s wall clock', () => {
    expect(sharedTripWhen('2026-05-14 18:30', format)).toMatch(/^14 May 2026 · 6:30\spm$/)
    expect(sharedTripWhen('2026-05-14T18:30:00', format)).toMatch(/^14 May 2026 · 6:30\spm$/)
  })
})
