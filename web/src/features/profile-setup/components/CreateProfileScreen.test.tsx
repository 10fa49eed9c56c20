import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CreateProfileScreen } from './CreateProfileScreen'
import { userQueryOptions } from '@/lib/session'
import { envelope, reply, serveApi } from '@/testing/server'

const newUser = { id: 1, name: null, gender: null, dob: null }

function renderSetup(state: unknown) {
  const saved = { ...newUser, name: 'Ravi Kumar', gender: 'MALE', dob: '14-08-1994' }
  serveApi(() => reply(envelope(saved, 'Profile Created Successfully')))
  const queryClient = new QueryClient()
  queryClient.setQueryData(userQueryOptions().queryKey, newUser as never)
  const router = createMemoryRouter(
    [
      { path: '/user-details', element: <CreateProfileScreen /> },
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/trip/:tripId', element: <h1>Trip page</h1> },
    ],
    { initialEntries: [{ pathname: '/user-details', state }] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ravi Kumar' } })
  fireEvent.click(screen.getByLabelText('Male'))
  fireEvent.change(screen.getByRole('textbox', { name: 'Date of birth' }), { target: { value: '14-08-1994' } })
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  return router
}

describe('profile setup', () => {

  it('goes on to the page the new person opened before signing in', async () => {
    const router = renderSetup({ next: '/trip/42?viewRequest=true' })
    expect(await screen.findByRole('heading', { name: 'Trip page' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?viewRequest=true')
  })

  it('goes home without a wanted page, or when the wanted page is not one of the app', async () => {
    renderSetup({ next: '//evil.example/trip/42' })
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
  })
})
