import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OfflineBanner } from './OfflineBanner'

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

describe('offline banner', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows the moment the connection goes, on the open screen, and leaves when it comes back', () => {
    render(<OfflineBanner />)
    const region = screen.getByRole('status')
    expect(region).toBeEmptyDOMElement()
    expect(document.documentElement.style.getPropertyValue('--offline-inset')).toBe('')

    goOnline(false)
    expect(region).toHaveTextContent('You are offline. Nothing you do is sent until you are back online.')
    expect(document.documentElement.style.getPropertyValue('--offline-inset')).toBe('40px')

    goOnline(true)
    expect(region).toBeEmptyDOMElement()
    expect(document.documentElement.style.getPropertyValue('--offline-inset')).toBe('')
  })
})
