import { act, renderHook } from '@testing-library/react'
import type { KeyboardEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { usePlaceSearch } from './place-search'

const press = (key: string) =>
  ({ key, preventDefault: vi.fn(), stopPropagation: vi.fn() }) as unknown as KeyboardEvent<HTMLInputElement>

function searchOf(options: string[]) {
  const onPick = vi.fn()
  const { result } = renderHook(() => usePlaceSearch({ text: '', optionsOf: () => options, onPick }))
  const key = (name: string) => {
    const event = press(name)
    act(() => result.current.onKeyDown(event))
    return event
  }
  return { result, onPick, key }
}

describe('a place box list', () => {
  it('moves round the options with the arrows and picks the active one with Enter, closing the list', () => {
    const { result, onPick, key } = searchOf(['Your Location', 'Koramangala', 'Select location on Map'])
    key('ArrowUp')
    expect(result.current.active).toBe('Select location on Map')
    key('ArrowDown')
    key('ArrowDown')
    expect(result.current).toMatchObject({ open: true, activeIndex: 1, active: 'Koramangala' })
    key('Enter')
    expect(onPick).toHaveBeenCalledWith('Koramangala')
    expect(result.current).toMatchObject({ open: false, activeIndex: -1, active: undefined })
  })

  it('closes on Escape without letting it close a dialog around it, and Enter then picks nothing', () => {
    const { result, onPick, key } = searchOf(['Koramangala'])
    key('ArrowDown')
    const escape = key('Escape')
    expect(escape.stopPropagation).toHaveBeenCalled()
    expect(result.current.open).toBe(false)
    key('Enter')
    expect(onPick).not.toHaveBeenCalled()
  })

  it('opens afresh when the text changes, nothing active; the arrows do nothing with no options', () => {
    const { result, key } = searchOf([])
    act(() => result.current.typed())
    expect(result.current).toMatchObject({ open: true, activeIndex: -1 })
    expect(key('ArrowDown').preventDefault).not.toHaveBeenCalled()
  })
})
