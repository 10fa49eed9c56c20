import { afterEach, describe, expect, it, vi } from 'vitest'
import { shareLanguageWithServiceWorker } from './service-worker-language'

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.lang = 'en-IN'
})

describe("the service worker is told the page's language", () => {
  it('now, when it changes and when another worker takes over', async () => {
    const told: unknown[] = []
    const listeners: (() => void)[] = []
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        controller: { postMessage: (data: unknown) => told.push(data) },
        addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
        removeEventListener: () => undefined,
      },
    })
    document.documentElement.lang = 'en-IN'
    const stop = shareLanguageWithServiceWorker()
    document.documentElement.lang = 'hi-IN'
    await new Promise((resolve) => setTimeout(resolve, 0))
    for (const listener of listeners) listener()
    stop()
    document.documentElement.lang = 'kn-IN'
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(told).toEqual([
      { type: 'LANGUAGE', lang: 'en-IN' },
      { type: 'LANGUAGE', lang: 'hi-IN' },
      { type: 'LANGUAGE', lang: 'hi-IN' },
    ])
  })
})
