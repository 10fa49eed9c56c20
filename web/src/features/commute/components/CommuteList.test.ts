import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { repeatLine } from './CommuteList'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'

describe('a commute', () => {
  it('names its weekdays, Monday first, and its time the language’s way', () => {
    const t = renderHook(() => useT()).result.current
    const format = renderHook(() => useFormat()).result.current
    expect(repeatLine({ days: [5, 1, 3], time: '09:30' }, t, format)).toMatch(/^Mon, Wed, Fri at 9:30\sam$/)
    expect(repeatLine({ days: [1, 2, 3, 4, 5, 6, 7], time: '23:45' }, t, format)).toMatch(
      /^Mon, Tue, Wed, Thu, Fri, Sat, Sun at 11:45\spm$/,
    )
  })
})
