import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Co2SavedScreen } from './Co2SavedScreen'
import { configQueryOptions, userQueryOptions } from '@/lib/session'
import { envelope, reply, serveApi } from '@/testing/server'

describe('/co2-saved', () => {
  it('shows the kg, the ring towards the next 50 kg, the trees and how it was counted', async () => {
    const user = { id: 1, user_trips_insights: { total_co2_saved: 120 } }
    serveApi(() => reply(envelope(user)))
    const client = new QueryClient()
    client.setQueryData(userQueryOptions().queryKey, user as never)
    client.setQueryData(configQueryOptions().queryKey, {
      co2_explanation_heading: 'CO2 saved',
      co2_explanation_content: '<p>Every seat shared takes a vehicle off the road.</p><img src=x onerror="alert(1)">',
    } as never)
    const router = createMemoryRouter([{ path: '/co2-saved', element: <Co2SavedScreen /> }], {
      initialEntries: ['/co2-saved'],
    })
    render(
      <QueryClientProvider client={client}>
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>,
    )
    expect(await screen.findByTestId('co2-total')).toHaveTextContent('120 kg')
    expect(screen.getByTestId('co2-trees')).toHaveTextContent('2 trees')
    expect(screen.getByRole('progressbar', { name: 'Towards your next tree' })).toHaveAttribute('aria-valuenow', '20')
    expect(screen.getByText('30 kg more to your next tree')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'CO2 saved' })).toBeInTheDocument()
    expect(screen.getByText('Every seat shared takes a vehicle off the road.')).toBeInTheDocument()
    expect(document.querySelector('img[onerror]')).toBeNull()
  })
})
