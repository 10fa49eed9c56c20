import { render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inviteFriends } from './ProfileHubScreen'
import { Toaster } from '@/components/toast'
import { useT } from '@/i18n'
import type { Config, User } from '@/lib/session'

const user = { id: 7, name: 'Asha', referral_code: 'ASHA42' } as unknown as User
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

afterEach(() => vi.unstubAllGlobals())

const english = () => renderHook(() => useT()).result.current

describe('Invite Friends on the profile', () => {
  it('copies the invitation where the browser has no share sheet, like Share Trip', async () => {
    const copied = browserWithoutShareSheet('allowed')
    render(<Toaster />)
    await inviteFriends(config, user, english())
    expect(await screen.findByText('Invitation copied: paste it to your friends')).toBeInTheDocument()
    expect(copied).toEqual(['Asha invites you to Humsafar: use code ASHA42'])
  })

  it('says copying was not allowed when the clipboard refuses', async () => {
    browserWithoutShareSheet('refused')
    render(<Toaster />)
    await inviteFriends(config, user, english())
    expect(await screen.findByText('Copy not allowed: select the text and copy it')).toBeInTheDocument()
  })
})
