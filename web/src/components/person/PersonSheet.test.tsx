import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PersonButton } from './PersonButton'
import { PersonSheetHost } from './PersonSheetHost'
import { closePerson } from './person-sheet-store'
import { ratingLine } from './rating'
import { useT } from '@/i18n'
import { envelope, reply, serveApi } from '@/testing/server'

const ravi = {
  id: 7,
  name: 'Ravi Kumar',
  gender: 'MALE',
  age: 31,
  small_image_url: null,
  medium_image_url: null,
  is_kyc_verified: true,
  linked_in_url: 'https://www.linkedin.com/in/ravi',
  flagged_count: 1,
  average_rating: 4.5,
  reliability: { completed_trips: 12, late_cancellations: 1, no_shows: 0 },
}

function serve(card: object) {
  return serveApi(() => reply(envelope(card)))
}

/** A screen with state of its own (a typed draft), a person on it, and the app's sheet host. */
function Screen({ run }: { run?: () => Promise<unknown> }) {
  const [draft, setDraft] = useState('')
  return (
    <>
      <label>
        Draft
        <input value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <PersonButton
        person={{ id: 7, name: 'Ravi Kumar' }}
        actions={run ? [{ label: 'Accept', name: 'Accept Ravi Kumar', kind: 'primary', run }] : undefined}
      >
        Ravi Kumar
      </PersonButton>
      <PersonSheetHost />
    </>
  )
}

function renderScreen(run?: () => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([
    { path: '/', element: <Screen run={run} /> },
    { path: '/user-review/:userId', element: <p>Reviews screen</p> },
  ])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

afterEach(() => {
  closePerson()
})

describe('another person’s profile sheet', () => {
  it('opens from their name over the screen, shows what a decision needs, and Back keeps the screen', async () => {
    const sent = serve(ravi)
    renderScreen()
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'half typed' } })
    fireEvent.click(screen.getByRole('button', { name: "Ravi Kumar's profile" }))

    const sheet = await screen.findByRole('dialog', { name: "Ravi Kumar's profile" })
    await within(sheet).findByText('Ravi Kumar')
    expect(sent).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/user/user/7' }))
    expect(within(sheet).getByText('Male · 31 years')).toBeInTheDocument()
    expect(within(sheet).getByText(/Verified profile/)).toBeInTheDocument()
    expect(within(sheet).getByTestId('rating')).toHaveTextContent('4.5')
    const record = within(sheet).getByTestId('reliability')
    expect(record).toHaveTextContent('Trips completed12')
    expect(record).toHaveTextContent('Late cancels1')
    expect(record).toHaveTextContent('No-shows0')
    expect(within(sheet).getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', ravi.linked_in_url)
    expect(within(sheet).getByRole('link', { name: 'See Reviews' })).toHaveAttribute('href', '/user-review/7')

    fireEvent.click(within(sheet).getByRole('button', { name: 'Back' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Draft')).toHaveValue('half typed')
  })

  it('reads as new, never 0.0, when nobody has rated them', async () => {
    serve({ ...ravi, average_rating: 0, flagged_count: 0 })
    renderScreen()
    fireEvent.click(screen.getByRole('button', { name: "Ravi Kumar's profile" }))
    const sheet = await screen.findByRole('dialog')
    expect(await within(sheet).findByTestId('rating')).toHaveTextContent('New · no ratings yet')
    expect(sheet).not.toHaveTextContent('0.0')
    const t = renderHook(() => useT()).result.current
    expect(ratingLine({ average_rating: 0, flagged_count: 0 }, t)).toBe('New · no ratings yet')
    expect(ratingLine({ average_rating: 3.5, flagged_count: 2 }, t)).toBe('★ 3.5 · 2 flagged')
  })

  it('offers the screen’s decision and closes once it is done; See Reviews leaves the sheet behind', async () => {
    serve(ravi)
    const run = vi.fn(async () => undefined)
    const router = renderScreen(run)
    fireEvent.click(screen.getByRole('button', { name: "Ravi Kumar's profile" }))
    const sheet = await screen.findByRole('dialog')
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Accept Ravi Kumar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(run).toHaveBeenCalledTimes(1)

    fireEvent.click(screen.getByRole('button', { name: "Ravi Kumar's profile" }))
    fireEvent.click(await within(await screen.findByRole('dialog')).findByRole('link', { name: 'See Reviews' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-review/7'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('stays open when the decision fails', async () => {
    serve(ravi)
    renderScreen(async () => Promise.reject(new Error('Trip is full')))
    fireEvent.click(screen.getByRole('button', { name: "Ravi Kumar's profile" }))
    const sheet = await screen.findByRole('dialog')
    const accept = await within(sheet).findByRole('button', { name: 'Accept Ravi Kumar' })
    fireEvent.click(accept)
    await waitFor(() => expect(accept).toBeEnabled())
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
