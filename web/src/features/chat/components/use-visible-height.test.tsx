import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useVisibleHeight } from './use-visible-height'

/** A stand-in for the browser's VisualViewport, which jsdom has not: its size is set and its resize sent by hand. */
class FakeVisualViewport extends EventTarget {
  height = 844
  scale = 1
  show(height: number, scale = 1) {
    this.height = height
    this.scale = scale
    this.dispatchEvent(new Event('resize'))
  }
}

function Shown() {
  return <p data-testid="height">{String(useVisibleHeight())}</p>
}

describe('the visible height of the window', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('follows an on-screen keyboard covering the page, and not a pinch zoom', () => {
    const viewport = new FakeVisualViewport()
    vi.stubGlobal('visualViewport', viewport)
    vi.stubGlobal('innerHeight', 844)
    render(<Shown />)
    expect(screen.getByTestId('height')).toHaveTextContent('844')
    act(() => viewport.show(508))
    expect(screen.getByTestId('height')).toHaveTextContent('508')
    act(() => viewport.show(422, 2))
    expect(screen.getByTestId('height')).toHaveTextContent('844')
  })

  it('is unknown where the browser has no VisualViewport', () => {
    vi.stubGlobal('visualViewport', undefined)
    render(<Shown />)
    expect(screen.getByTestId('height')).toHaveTextContent('null')
  })
})
