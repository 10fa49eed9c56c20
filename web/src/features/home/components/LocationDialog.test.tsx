import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocationDialog } from './LocationDialog'
import { MESSAGES } from '@/generated/rules'
import type { StoredLocation } from '@/lib/storage'

/** The device's place: Whitefield. */
const device: StoredLocation = { lat: 12.9698, long: 77.75, name: 'Whitefield, Bengaluru', updated_at: 1 }

/** The maps and location endpoints, answering as the server does; every call is recorded. */
function serve() {
  const calls: { path: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input)
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null })
      let data: unknown = null
      if (path.includes('/api/trip/maps/autocomplete')) data = [{ place_id: 'hsr', label: 'HSR Layout, Bengaluru' }]
      if (path.includes('/api/trip/maps/place')) data = { lat: 12.9116, long: 77.6389 }
      const message = path.includes('current_location') ? 'Location updated' : ''
      return new Response(JSON.stringify({ status: 'SUCCESS', message, data }), { status: 200 })
    }),
  )
  return calls
}

function renderDialog() {
  const onSaved = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <LocationDialog open current={device} onClose={() => undefined} onSaved={onSaved} />
    </QueryClientProvider>,
  )
  return onSaved
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the location dialog', () => {
  it("saves a place picked by typing with that place's coordinates, not the device's", async () => {
    const calls = serve()
    const onSaved = renderDialog()
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'HSR' } })
    fireEvent.click(await screen.findByRole('option', { name: 'HSR Layout, Bengaluru' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
    await waitFor(() => expect(calls.some((call) => call.path.includes('/api/trip/maps/place?id=hsr'))).toBe(true))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(onSaved.mock.calls[0][0]).toMatchObject({ name: 'HSR Layout, Bengaluru', lat: 12.9116, long: 77.6389 })
    expect(calls.find((call) => call.path.includes('current_location'))?.body).toEqual({ lat: '12.9116', long: '77.6389' })
  })

  it('does not save typed text that names no picked place under the old coordinates', async () => {
    serve()
    const onSaved = renderDialog()
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'Somewhere else' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.LOCATION_INVALID)
    expect(onSaved).not.toHaveBeenCalled()
  })
})
