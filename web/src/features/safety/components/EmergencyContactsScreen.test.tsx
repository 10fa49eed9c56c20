import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { EmergencyContactsScreen } from './EmergencyContactsScreen'
import { Toaster } from '@/components/toast'
import { SAFETY_MESSAGES } from '@/generated/rules'
import { userQueryOptions } from '@/lib/session'
import { serveApi } from '@/testing/server'

type Answer = { status: number; message?: string; data?: unknown }
const envelope = ({ status, message = '', data = null }: Answer) =>
  new Response(JSON.stringify({ status: status < 400 ? 'SUCCESS' : 'FAILURE', message, data }), { status })

/** The API as these tests need it: the saved list (until `answerLater` changes it), and what a save answers. */
function serve(saved: Answer, onSave: (body: unknown) => Answer = () => ({ status: 200 })) {
  let list = saved
  const sent = serveApi(({ method, url: path, body }) => {
    if (path === '/api/user/emergency-contacts' && method === 'PUT') return envelope(onSave(body))
    if (path === '/api/user/emergency-contacts') return envelope(list)
    return envelope({ status: 200 })
  })
  return Object.assign(sent, { answerLater: (next: Answer) => (list = next) })
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(userQueryOptions().queryKey, { id: 1, name: 'Asha Rao', mobile_number: '9876543210' } as never)
  const router = createMemoryRouter([{ path: '/', element: <EmergencyContactsScreen /> }])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
}

const contacts = (...rows: [string, string][]) => ({ contacts: rows.map(([name, mobile_number]) => ({ name, mobile_number })) })

describe('the emergency contacts screen', () => {

  it('shows its loading state, then an empty list with a way to add someone', async () => {
    serve({ status: 200, data: contacts() })
    renderScreen()
    expect(screen.getByRole('status')).toHaveTextContent('Loading emergency contacts')
    expect(await screen.findByRole('heading', { name: 'No emergency contacts yet' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add contact' })).toBeEnabled()
  })

  it('says why the list could not be loaded and tries again', async () => {
    const sent = serve({ status: 500, message: 'Something went wrong' })
    renderScreen()
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
    sent.answerLater({ status: 200, data: contacts(['Meera', '9123456780']) })
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByDisplayValue('Meera')).toBeInTheDocument()
  })

  it('keeps at most three contacts', async () => {
    serve({ status: 200, data: contacts(['Meera', '9123456780'], ['Ravi', '9123456781']) })
    renderScreen()
    await userEvent.click(await screen.findByRole('button', { name: 'Add contact' }))
    expect(screen.getAllByTestId('contact-row')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove contact 1' }))
    expect(screen.getAllByTestId('contact-row')).toHaveLength(2)
    expect(screen.getByDisplayValue('Ravi')).toBeInTheDocument()
  })

  it('shows each rule’s words beside its own field and sends nothing until they are met', async () => {
    const sent = serve({ status: 200, data: contacts() })
    renderScreen()
    await userEvent.click(await screen.findByRole('button', { name: 'Add contact' }))
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }))
    const [first, second] = screen.getAllByTestId('contact-row')
    await userEvent.type(within(first).getByLabelText('Name'), 'Meera')
    await userEvent.type(within(first).getByLabelText('Mobile number'), '98765 43210')
    await userEvent.type(within(second).getByLabelText('Mobile number'), '12345')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(within(first).getByLabelText('Mobile number')).toHaveAccessibleDescription(SAFETY_MESSAGES.EMERGENCY_CONTACT_OWN_NUMBER)
    expect(within(second).getByLabelText('Name')).toHaveAccessibleDescription(SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_REQUIRED)
    expect(within(second).getByLabelText('Mobile number')).toHaveAccessibleDescription(
      SAFETY_MESSAGES.EMERGENCY_CONTACT_NUMBER_INVALID,
    )
    expect(within(first).getByLabelText('Mobile number')).toHaveFocus()
    expect(sent.some(({ method }) => method === 'PUT')).toBe(false)
  })

  it('shows the API’s refusal by the form and loses nothing typed', async () => {
    serve({ status: 200, data: contacts() }, () => ({ status: 400, message: SAFETY_MESSAGES.EMERGENCY_CONTACT_REPEATED }))
    renderScreen()
    await userEvent.click(await screen.findByRole('button', { name: 'Add contact' }))
    await userEvent.type(screen.getByLabelText('Name'), 'Meera')
    await userEvent.type(screen.getByLabelText('Mobile number'), '9123456780')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByTestId('contacts-refusal')).toHaveTextContent(SAFETY_MESSAGES.EMERGENCY_CONTACT_REPEATED)
    expect(screen.getByLabelText('Name')).toHaveValue('Meera')
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9123456780')
  })

  it('saves the whole list and shows it as kept', async () => {
    const saves: unknown[] = []
    serve({ status: 200, data: contacts(['Ravi', '9123456781']) }, (body) => {
      saves.push(body)
      return { status: 200, message: SAFETY_MESSAGES.EMERGENCY_CONTACTS_SAVED, data: contacts(['Ravi', '9123456781'], ['Meera K', '9123456780']) }
    })
    renderScreen()
    await userEvent.click(await screen.findByRole('button', { name: 'Add contact' }))
    const [, added] = screen.getAllByTestId('contact-row')
    await userEvent.type(within(added).getByLabelText('Name'), '  Meera K ')
    await userEvent.type(within(added).getByLabelText('Mobile number'), '9123456780')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(SAFETY_MESSAGES.EMERGENCY_CONTACTS_SAVED)).toBeInTheDocument()
    expect(saves).toEqual([contacts(['Ravi', '9123456781'], ['Meera K', '9123456780'])])
    expect(screen.getByDisplayValue('Meera K')).toBeInTheDocument()
  })
})

/** The screen in the browser's own history, opened at `path` first, as in the app. */
function openAt(path: string) {
  window.history.replaceState(null, '', path)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createBrowserRouter([
    { path: '/profile', element: <h1>Profile</h1> },
    { path: '/trip/:id', element: <h1>Trip</h1> },
    { path: '/emergency-contacts', element: <EmergencyContactsScreen /> },
  ])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('Back on the emergency contacts screen', () => {

  it('returns to the trip it was opened from', async () => {
    serve({ status: 200, data: contacts() })
    const router = openAt('/profile')
    await router.navigate('/trip/5')
    await router.navigate('/emergency-contacts')
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument()
    router.dispose()
  })

  it('goes to the profile when the screen was opened first', async () => {
    serve({ status: 200, data: contacts() })
    const router = openAt('/emergency-contacts')
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument()
    router.dispose()
  })
})
