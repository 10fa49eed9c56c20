import { afterEach, describe, expect, it, vi } from 'vitest'
import indexHtml from '../../index.html?raw'
import { LANGUAGES, type Language } from './languages'
import auth from './catalogs/en/auth'
import home from './catalogs/en/home'
import hiAuth from './catalogs/hi/auth'
import hiHome from './catalogs/hi/home'
import knAuth from './catalogs/kn/auth'
import knHome from './catalogs/kn/home'

/** index.html's first frame: the login page (and home's, and the splash) drawn before the app's code runs. */
const page = new DOMParser().parseFromString(indexHtml, 'text/html')
const firstFrameScript = [...page.querySelectorAll('head script:not([type])')][0]?.textContent ?? ''

/** Runs the first frame's script as the page would, with this device's stored choice and browser languages. */
function drawFirstFrame(stored: string | null, browser: readonly string[]): string {
  document.documentElement.lang = 'en-IN'
  document.head.innerHTML = '<script type="application/json" id="first-screens">{}</script>'
  if (stored === null) localStorage.removeItem('humsafar.language')
  else localStorage.setItem('humsafar.language', JSON.stringify(stored))
  vi.stubGlobal('navigator', { ...navigator, languages: browser })
  new Function(firstFrameScript)()
  return document.documentElement.lang
}

const withoutTags = (text: string) => text.replace(/<\/?\w+>/g, '')
const words = (lang: string, selector: string) =>
  [...page.querySelectorAll(`#app-shell [lang='${lang}']`)].flatMap((block) =>
    block.matches(selector) ? [block.textContent?.trim()] : [...block.querySelectorAll(selector)].map((each) => each.textContent?.trim()),
  )

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  document.head.innerHTML = ''
  document.documentElement.lang = 'en-IN'
})

describe("index.html's first frame", () => {
  it('is in the language chosen on this device', () => {
    expect(drawFirstFrame('kn', ['hi-IN', 'en'])).toBe('kn-IN')
    expect(drawFirstFrame('en', ['hi-IN'])).toBe('en-IN')
  })

  it("else in the first of the browser's languages the app speaks, else English", () => {
    expect(drawFirstFrame(null, ['ta-IN', 'hi-IN', 'en-IN'])).toBe('hi-IN')
    expect(drawFirstFrame(null, ['ta-IN', 'fr'])).toBe('en-IN')
    expect(drawFirstFrame('xx', ['kn'])).toBe('kn-IN')
  })

  const screens: [Language, typeof auth | typeof hiAuth, typeof home | typeof hiHome][] = [
    ['en', auth, home],
    ['hi', hiAuth, hiHome],
    ['kn', knAuth, knHome],
  ]

  it.each(screens)('says in %s what its screens will say, so nothing changes when they come', (language, said, homeSaid) => {
    const lang = LANGUAGES[language].htmlLang
    expect(words(lang, '.sh-tagline')).toEqual([said.tagline])
    expect(words(lang, 'h1')).toEqual([said.loginTitle])
    expect(words(lang, '.sh-intro p')).toEqual([said.loginIntro])
    expect(words(lang, '.field-label')).toEqual([said.mobileNumber])
    expect(words(lang, '.btn')).toEqual([said.continue])
    expect(words(lang, '.sh-legal')).toEqual([withoutTags(said.legal)])
    expect(words(lang, '.muted:not(.sh-intro p)')).toEqual([homeSaid.headingToday])
    expect(words(lang, 'h2')).toEqual([homeSaid.welcomeTitle])
    expect(words(lang, '.sh-banner p')).toEqual([homeSaid.welcomeText])
  })
})
