import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DELETE_REASONS, deleteReasonError } from './DeleteTripDialog'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

describe('delete reason', () => {
  it('accepts either preset reason', () => {
    expect(DELETE_REASONS).toEqual(['Did not find a match', 'Do not understand how to use the app'])
    for (const reason of DELETE_REASONS) expect(deleteReasonError(reason, '', t)).toBeNull()
  })

  it('needs words in a custom reason, in the allowed characters', () => {
    expect(deleteReasonError('custom', '   ', t)).toBe('Please select an option or write your reason')
    expect(deleteReasonError('custom', 'Going by train instead', t)).toBeNull()
    expect(deleteReasonError('custom', 'ट्रेन से जा रहा हूँ', t)).toBeNull()
    expect(deleteReasonError('custom', 'Gate 4 \u202egnp.exe', t)).toBe(
      'Note contains characters that are not allowed: U+202E',
    )
  })
})
