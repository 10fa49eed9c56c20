import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Carousel } from './Carousel'

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockReturnValue({ matches: reduce }) as unknown as typeof window.matchMedia
}

const slides = ['Welcome', 'Invite', 'CO2'].map((text) => <p key={text}>{text}</p>)

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    setReducedMotion(false)
  })
  afterEach(() => vi.useRealTimers())

  const current = () => screen.getAllByRole('button', { name: /^Slide/ }).findIndex((dot) => dot.getAttribute('aria-current'))

  it('is a labelled carousel of numbered slides with a dot for each', () => {
    render(<Carousel label="Highlights">{slides}</Carousel>)
    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveAttribute('aria-roledescription', 'carousel')
    expect(screen.getByRole('group', { name: '2 of 3' })).toHaveTextContent('Invite')
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3' }))
    expect(current()).toBe(2)
  })

  it('moves on by itself and wraps round to the first slide', () => {
    render(<Carousel label="Highlights" autoplaySeconds={3}>{slides}</Carousel>)
    act(() => vi.advanceTimersByTime(3000))
    expect(current()).toBe(1)
    act(() => vi.advanceTimersByTime(6000))
    expect(current()).toBe(0)
  })

  it('holds still while hovered or focused, and for good once stopped', () => {
    render(<Carousel label="Highlights" autoplaySeconds={3}>{slides}</Carousel>)
    const region = screen.getByRole('region', { name: 'Highlights' })
    fireEvent.mouseEnter(region)
    act(() => vi.advanceTimersByTime(9000))
    expect(current()).toBe(0)
    fireEvent.mouseLeave(region)
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }))
    fireEvent.mouseLeave(region)
    fireEvent.blur(screen.getByRole('button', { name: 'Start automatic slide show' }))
    act(() => vi.advanceTimersByTime(9000))
    expect(current()).toBe(0)
  })

  it('does not autoplay for people who ask for less motion', () => {
    setReducedMotion(true)
    render(<Carousel label="Highlights" autoplaySeconds={3}>{slides}</Carousel>)
    act(() => vi.advanceTimersByTime(9000))
    expect(current()).toBe(0)
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument()
  })
})
