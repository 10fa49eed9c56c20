import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyNotAllowed, copyText, shareNotice, shareOrCopy } from './share'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

function browser({ share, clipboard }: { share?: (data: ShareData) => Promise<void>; clipboard: 'allowed' | 'refused' }) {
  const copied: string[] = []
  vi.stubGlobal('navigator', {
    ...(share ? { share } : {}),
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

describe('Sharing and copying', () => {
  it('copies where the browser has no share sheet, and says so', async () => {
    const copied = browser({ clipboard: 'allowed' })
    const outcome = await shareOrCopy({ text: 'Join me' }, 'Join me')
    expect(outcome).toBe('copied')
    expect(copied).toEqual(['Join me'])
    expect(shareNotice(outcome, 'Invitation copied', t)).toEqual({ kind: 'success', message: 'Invitation copied' })
  })

  it('says copying was not allowed when the clipboard refuses, not that some error occurred', async () => {
    browser({ clipboard: 'refused' })
    const outcome = await shareOrCopy({ text: 'Join me' }, 'Join me')
    expect(outcome).toBe('unsupported')
    expect(shareNotice(outcome, 'Invitation copied', t)).toEqual({ kind: 'error', message: copyNotAllowed(t) })
    expect(copyNotAllowed(t)).toBe('Copy not allowed: select the text and copy it')
    expect(await copyText('ASHA42')).toBe(false)
  })

  it('says nothing after the share sheet or when it was closed', async () => {
    browser({ share: async () => undefined, clipboard: 'refused' })
    expect(shareNotice(await shareOrCopy({ text: 'Join me' }, 'Join me'), 'copied', t)).toBeNull()
    browser({
      share: async () => {
        throw new DOMException('Share canceled', 'AbortError')
      },
      clipboard: 'allowed',
    })
    expect(shareNotice(await shareOrCopy({ text: 'Join me' }, 'Join me'), 'copied', t)).toBeNull()
  })
})
