import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocationPicker } from './LocationPicker'
import { serveApi } from '@/testing/server'

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status: 'SUCCESS', message: 'OK', data }), {
    headers: { 'Content-Type': 'application/json' },
  })

function mockApi() {
  return serveApi(({ url }) => {
    if (url.startsWith('/api/trip/maps/autocomplete')) return envelope([{ label: 'Koramangala, Bengaluru', place_id: 'in-560034' }])
    if (url.startsWith('/api/trip/maps/place')) return envelope({ lat: 12.93, long: 77.62 })
    return new Response('{}', { status: 404 })
  })
}

const autocompleteCalls = (sent: ReturnType<typeof mockApi>) =>
  sent.filter(({ url }) => url.startsWith('/api/trip/maps/autocomplete'))

describe('LocationPicker', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks for suggestions once, 300 ms after typing stops, near Bengaluru without a stored location', async () => {
    vi.useFakeTimers()
    const sent = mockApi()
    render(<LocationPicker label="From" value={null} onChange={() => undefined} />)
    const input = screen.getByRole('combobox', { name: 'From' })
    fireEvent.change(input, { target: { value: 'Kor' } })
    act(() => vi.advanceTimersByTime(200))
    fireEvent.change(input, { target: { value: 'Korama' } })
    act(() => vi.advanceTimersByTime(299))
    expect(autocompleteCalls(sent)).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(1))
    expect(autocompleteCalls(sent)).toHaveLength(1)
    expect(autocompleteCalls(sent)[0].url).toBe('/api/trip/maps/autocomplete?lat=12.9716&long=77.5946&s=Korama')
  })

  it('turns a chosen suggestion into a place with coordinates', async () => {
    mockApi()
    const onChange = vi.fn()
    render(<LocationPicker label="From" value={null} onChange={onChange} />)
    fireEvent.change(screen.getByRole('combobox', { name: 'From' }), { target: { value: 'Kora' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Koramangala, Bengaluru' }))
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        name: 'Koramangala, Bengaluru',
        place_id: 'in-560034',
        latitude: 12.93,
        longitude: 77.62,
      }),
    )
  })

  it('always offers your location and the map', () => {
    mockApi()
    render(<LocationPicker label="To" value={null} onChange={() => undefined} />)
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'To' }), { key: 'ArrowDown' })
    expect(screen.getByRole('option', { name: 'Your Location' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('option', { name: 'Select location on Map' })).toBeInTheDocument()
  })

  it('shows a locked place without offering to change it', () => {
    const place = { name: 'Whitefield', place_id: 'in-560066', latitude: 12.97, longitude: 77.75 }
    render(<LocationPicker label="To" value={place} onChange={() => undefined} locked />)
    expect(screen.getByRole('textbox', { name: 'To' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('Whitefield')
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
  })
})
