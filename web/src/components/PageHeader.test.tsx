import { fireEvent, render, screen } from '@testing-library/react'
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PageHeader } from './PageHeader'

const LONG = 'Venkata Narasimha Raghavendra Subrahmanyam Lakshminarayana'

describe('a long title in a header', () => {
  it('is drawn on one line (the title style) with the whole title as its tooltip', () => {
    const router = createMemoryRouter([{ path: '/', element: <PageHeader title={LONG} /> }])
    render(<RouterProvider router={router} />)
    const heading = screen.getByRole('heading', { level: 1, name: LONG })
    expect(heading).toHaveAttribute('title', LONG)
    expect(heading.className).toMatch(/title/)
  })
})

/** The browser's own history, as in the app: Back reads whether there is an earlier entry of this app. */
function openAt(path: string) {
  window.history.replaceState(null, '', path)
  const router = createBrowserRouter([
    { path: '/profile', element: <h1>Profile</h1> },
    { path: '/trip/:id', element: <h1>Trip</h1> },
    { path: '/emergency-contacts', element: <PageHeader title="Emergency contacts" fallbackTo="/profile" /> },
  ])
  render(<RouterProvider router={router} />)
  return router
}

describe('Back with a fallback', () => {
  it('returns to where one came from', async () => {
    const router = openAt('/profile')
    await router.navigate('/trip/5')
    await router.navigate('/emergency-contacts')
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument()
    router.dispose()
  })

  it('goes to the fallback when the screen was opened first', async () => {
    const router = openAt('/emergency-contacts')
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile')
    router.dispose()
  })
})
