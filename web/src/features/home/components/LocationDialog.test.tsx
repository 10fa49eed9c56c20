import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LocationDialog } from './LocationDialog'
import { MESSAGES } from '@/generated/rules'
import type { StoredLocation } from '@/lib/storage'
import { envelope, reply, serveApi } from '@/testing/server'

/** The device's place: Whitefield. */
const device: StoredLocation = { lat: 12.9698, long: 77.75, name: 'Whitefield, Bengaluru', updated_at: 1 }

/** The maps and location endpoints, answering as the server does; every call is recorded. */
function serve() {
  return serveApi(({ url }) => {
    let data: unknown = null
    if (url.startsWith('/api/trip/maps/autocomplete')) data = [{ place_id: 'hsr', label: 'HSR Layout, Bengaluru' }]
    if (url.startsWith('/api/trip/maps/place')) data = { lat: 12.9116, long: 77.6389 }
    return reply(envelope(data, url === '/api/user/current_location' ? 'Location updated' : ''))
  })
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

describe('the location dialog', () => {
  it("saves a place picked by typing with that place's coordinates, not the device's", async () => {
    const calls = serve()
    const onSaved = renderDialog()
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'HSR' } })
    fireEvent.click(await screen.findByRole('option', { name: 'HSR Layout, Bengaluru' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/trip/maps/place?id=hsr' })),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(onSaved.mock.calls[0][0]).toMatchObject({ name: 'HSR Layout, Bengaluru', lat: 12.9116, long: 77.6389 })
    const saved = calls.find((call) => call.method === 'PATCH' && call.url === '/api/user/current_location')
    expect(saved?.body).toEqual({ lat: '12.9116', long: '77.6389' })
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
