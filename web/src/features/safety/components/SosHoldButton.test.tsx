import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SosHoldButton } from './SosHoldButton'
import { LIMITS } from '@/generated/rules'

function renderButton() {
  const onHeld = vi.fn()
  render(<SosHoldButton onHeld={onHeld} />)
  return { onHeld, button: screen.getByRole('button', { name: 'SOS' }) }
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('the SOS control', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('tells a screen reader to press and hold', () => {
    const { button } = renderButton()
    expect(button).toHaveAccessibleDescription(/Press and hold for 1\.5 seconds \(or hold Space or Enter\)/)
  })

  it('raises nothing on a tap or a click', () => {
    const { onHeld, button } = renderButton()
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 })
    fireEvent.pointerUp(button, { button: 0, pointerId: 1 })
    fireEvent.click(button)
    wait(LIMITS.SOS_HOLD_MS * 2)
    expect(onHeld).not.toHaveBeenCalled()
  })

  it('needs the full hold: letting go a little early starts over', () => {
    const { onHeld, button } = renderButton()
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 })
    wait(LIMITS.SOS_HOLD_MS - 200)
    expect(Number(screen.getByTestId('sos-progress').dataset.progress)).toBeGreaterThan(0.5)
    fireEvent.pointerUp(button, { button: 0, pointerId: 1 })
    expect(screen.getByTestId('sos-progress').dataset.progress).toBe('0.00')
    wait(LIMITS.SOS_HOLD_MS)
    expect(onHeld).not.toHaveBeenCalled()

    fireEvent.pointerDown(button, { button: 0, pointerId: 1 })
    wait(LIMITS.SOS_HOLD_MS + 50)
    expect(onHeld).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['the pointer leaves it', (button: HTMLElement) => fireEvent.pointerLeave(button, { pointerId: 1 })],
    ['the browser takes the pointer', (button: HTMLElement) => fireEvent.pointerCancel(button, { pointerId: 1 })],
    ['the focus moves away', (button: HTMLElement) => fireEvent.blur(button)],
  ])('lets go when %s', (_, letGo) => {
    const { onHeld, button } = renderButton()
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 })
    wait(LIMITS.SOS_HOLD_MS / 2)
    letGo(button)
    wait(LIMITS.SOS_HOLD_MS)
    expect(onHeld).not.toHaveBeenCalled()
  })

  it.each([' ', 'Enter'])('is held from the keyboard with %j just the same', (key) => {
    const { onHeld, button } = renderButton()
    button.focus()
    fireEvent.keyDown(button, { key })
    wait(LIMITS.SOS_HOLD_MS / 2)
    fireEvent.keyUp(button, { key })
    wait(LIMITS.SOS_HOLD_MS)
    expect(onHeld).not.toHaveBeenCalled()

    fireEvent.keyDown(button, { key })
    // The key repeating while held does not start the hold over.
    wait(LIMITS.SOS_HOLD_MS / 2)
    fireEvent.keyDown(button, { key, repeat: true })
    wait(LIMITS.SOS_HOLD_MS / 2 + 50)
    expect(onHeld).toHaveBeenCalledTimes(1)
  })

  it('is not pressed again while an SOS is being sent', () => {
    const onHeld = vi.fn()
    render(<SosHoldButton onHeld={onHeld} busy />)
    const button = screen.getByTestId('sos-button')
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 })
    wait(LIMITS.SOS_HOLD_MS * 2)
    expect(onHeld).not.toHaveBeenCalled()
  })
})
