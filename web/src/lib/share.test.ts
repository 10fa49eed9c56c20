import { afterEach, describe, expect, it, vi } from 'vitest'
import { COPY_NOT_ALLOWED, copyText, shareNotice, shareOrCopy } from './share'

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
    expect(shareNotice(outcome, 'Invitation copied')).toEqual({ kind: 'success', message: 'Invitation copied' })
  })

  it('says copying was not allowed when the clipboard refuses, not that some error occurred', async () => {
    browser({ clipboard: 'refused' })
    const outcome = await shareOrCopy({ text: 'Join me' }, 'Join me')
    expect(outcome).toBe('unsupported')
    expect(shareNotice(outcome, 'Invitation copied')).toEqual({ kind: 'error', message: COPY_NOT_ALLOWED })
    expect(COPY_NOT_ALLOWED).toBe('Copy not allowed: select the text and copy it')
    expect(await copyText('ASHA42')).toBe(false)
  })

  it('says nothing after the share sheet or when it was closed', async () => {
    browser({ share: async () => undefined, clipboard: 'refused' })
    expect(shareNotice(await shareOrCopy({ text: 'Join me' }, 'Join me'), 'copied')).toBeNull()
    browser({
      share: async () => {
        throw new DOMException('Share canceled', 'AbortError')
      },
      clipboard: 'allowed',
    })
    expect(shareNotice(await shareOrCopy({ text: 'Join me' }, 'Join me'), 'copied')).toBeNull()
  })
})
