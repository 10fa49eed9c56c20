import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BannerCarousel } from './BannerCarousel'
import { Toaster } from '@/components/toast'
import type { Config, User } from '@/lib/session'

const user = {
  id: 7,
  name: 'Asha',
  referral_code: 'ASHA42',
  is_kyc_verified: false,
  user_trips_insights: { total_co2_saved: 0 },
} as unknown as User
const config = { referral_message: '{1} invites you to Humsafar: use code {0}' } as unknown as Config

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

function renderBanners() {
  render(
    <MemoryRouter>
      <BannerCarousel user={user} config={config} />
      <Toaster />
    </MemoryRouter>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('CO2 banner', () => {
  it('writes its figures once the first frame has been painted, not while it is drawn', async () => {
    renderBanners()
    // Off screen at first: its numbers (the first of the page, which load Intl's data) wait for the paint.
    expect(screen.queryByText('0 kg CO2 saved')).not.toBeInTheDocument()
    expect(await screen.findByText('0 kg CO2 saved', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.getByText(/That is 0 trees planted/)).toBeInTheDocument()
  })
})

describe('Invite friends banner', () => {
  it('copies the invitation where the browser has no share sheet', async () => {
    const copied = browserWithoutShareSheet('allowed')
    renderBanners()
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    expect(await screen.findByText('Invitation copied: paste it to your friends')).toBeInTheDocument()
    expect(copied).toEqual(['Asha invites you to Humsafar: use code ASHA42'])
    expect(screen.queryByText('Share not supported')).not.toBeInTheDocument()
  })

  it('says copying was not allowed when the clipboard refuses', async () => {
    browserWithoutShareSheet('refused')
    renderBanners()
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    expect(await screen.findByText('Copy not allowed: select the text and copy it')).toBeInTheDocument()
    expect(screen.queryByText('Some error occur!')).not.toBeInTheDocument()
  })
})
