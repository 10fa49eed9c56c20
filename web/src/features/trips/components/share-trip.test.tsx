import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { shareTrip } from './share-trip'

import { ShareNumberDialog } from './ShareNumberDialog'
import { dismissToast, toastStore } from '@/components/toast/toast-store'
import { userQueryOptions, type User } from '@/lib/session'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current
const TRIP_LINK_COPIED = 'Trip link copied'
const COPY_NOT_ALLOWED = 'Copy not allowed: select the text and copy it'

function browserWithoutShareSheet(clipboard: 'allowed' | 'refused') {
  const copied: string[] = []
  vi.stubGlobal('navigator', {
    ...window.navigator,
    share: undefined,
    clipboard: {
      writeText: async (text: string) => {
        if (clipboard === 'refused') throw new DOMException('Write permission denied.', 'NotAllowedError')
        copied.push(text)
      },
    },
  })
  return copied
}

const toastTexts = () => toastStore.snapshot().map((item) => `${item.kind}: ${item.message}`)

afterEach(() => {
  vi.unstubAllGlobals()
  for (const item of toastStore.snapshot()) dismissToast(item.id)
})

describe('Share Trip without a share sheet', () => {
  it('copies the trip link and says so', async () => {
    const copied = browserWithoutShareSheet('allowed')
    await shareTrip('Ride with me: {link}', 42, t)
    expect(toastTexts()).toEqual([`success: ${TRIP_LINK_COPIED}`])
    expect(copied).toEqual([`Ride with me: ${window.location.origin}/trip/42`])
  })

  it('says copying was not allowed when the clipboard refuses', async () => {
    browserWithoutShareSheet('refused')
    await shareTrip('Ride with me: {link}', 42, t)
    expect(toastTexts()).toEqual([`error: ${COPY_NOT_ALLOWED}`])
  })
})

describe('Share Number', () => {
  function renderDialog(onClose: () => void) {
    const client = new QueryClient()
    client.setQueryData(userQueryOptions().queryKey, { mobile_number: '9876543210' } as User)
    render(
      <QueryClientProvider client={client}>
        <ShareNumberDialog open onClose={onClose} />
      </QueryClientProvider>,
    )
  }

  it('copies the number and closes', async () => {
    const copied = browserWithoutShareSheet('allowed')
    const onClose = vi.fn()
    renderDialog(onClose)
    fireEvent.click(screen.getByRole('button', { name: 'Copy Number' }))
    await vi.waitFor(() => expect(toastTexts()).toEqual(['success: Number copied']))
    expect(copied).toEqual(['+91 98765 43210'])
    expect(onClose).toHaveBeenCalled()
  })

  it('says copying was not allowed and keeps the number in sight when the clipboard refuses', async () => {
    browserWithoutShareSheet('refused')
    const onClose = vi.fn()
    renderDialog(onClose)
    fireEvent.click(screen.getByRole('button', { name: 'Copy Number' }))
    await vi.waitFor(() => expect(toastTexts()).toEqual([`error: ${COPY_NOT_ALLOWED}`]))
    expect(screen.getByTestId('own-number')).toHaveTextContent('+91 98765 43210')
    expect(onClose).not.toHaveBeenCalled()
  })
})
