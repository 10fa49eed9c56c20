import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LeaveTripDialog } from './LeaveTripDialog'
import { toast } from '@/components/toast'
import { createQueryClient } from '@/lib/query-client'
import { reply, serveApi } from '@/testing/server'

describe('an action tried offline', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('is refused at once with the reason, and nothing is sent then or later', async () => {
    const sent = serveApi(() => reply({}))
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
    const shown = vi.spyOn(toast, 'error')
    const onClose = vi.fn()
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LeaveTripDialog tripId={42} mode="leave" open onClose={onClose} />
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Leave Trip' }))
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        'Cannot Leave Trip : You are offline, so this was not sent. Try again once you are back online.',
      ),
    )
    // The dialog stays, ready for another try; coming back online sends nothing by itself.
    expect(screen.getByRole('button', { name: 'Leave Trip' })).toBeEnabled()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent).toHaveLength(0)
    expect(onClose).not.toHaveBeenCalled()
  })
})
