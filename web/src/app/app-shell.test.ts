import { afterEach, describe, expect, it } from 'vitest'
import { removeAppShellOnFirstScreen, showsScreen } from './app-shell'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function page(shell: 'login' | 'home' | 'splash') {
  document.documentElement.dataset.shell = shell
  document.body.innerHTML = '<div id="root"></div><div id="app-shell" aria-hidden="true"></div>'
  return document.getElementById('root')!
}

describe('the first frame drawn by index.html', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    delete document.documentElement.dataset.shell
  })

  it('stays while the app shows only its splash, and goes with the first screen', async () => {
    const root = page('login')
    removeAppShellOnFirstScreen(root)
    root.innerHTML = '<div data-testid="splash"></div><section aria-live="polite"></section>'
    await settle()
    expect(document.getElementById('app-shell')).not.toBeNull()
    root.innerHTML = '<main><h1>Login with your mobile number</h1></main><section aria-live="polite"></section>'
    await settle()
    expect(document.getElementById('app-shell')).toBeNull()
  })

  it('gives way to the app at once where it is the splash', async () => {
    const root = page('splash')
    removeAppShellOnFirstScreen(root)
    root.innerHTML = '<div data-testid="splash"></div>'
    await settle()
    expect(document.getElementById('app-shell')).toBeNull()
  })

  it('counts an empty app as showing nothing', () => {
    const root = page('home')
    expect(showsScreen(root)).toBe(false)
    root.innerHTML = '<main></main>'
    expect(showsScreen(root)).toBe(true)
  })
})
