import { describe, expect, it } from 'vitest'
import { markers, type Catalog, type Message } from './catalog'
import { en } from './catalogs/en'
import hi from './catalogs/hi'
import kn from './catalogs/kn'
import { APP_MESSAGES } from './catalogs/en/messages'
import { LIMITS, MESSAGES, SAFETY_MESSAGES } from '@/generated/rules'

// Every English area, as the screens that use them would bring them.
import.meta.glob('./catalogs/en/*.ts', { eager: true })

const english = en as Catalog
const translations: [string, Catalog][] = [
  ['hi', hi as Catalog],
  ['kn', kn as Catalog],
]

const texts = (message: Message): string[] => (typeof message === 'string' ? [message] : Object.values(message))

/** Each area file of every language, by its path: a language is complete only with every area English has. */
const areaFiles = Object.keys(import.meta.glob('./catalogs/*/*.ts')).filter((path) => !path.endsWith('/index.ts'))
const areasOf = (language: string) =>
  areaFiles
    .filter((path) => path.startsWith(`./catalogs/${language}/`))
    .map((path) => path.split('/').pop())
    .sort()

describe('catalogs', () => {
  it.each(translations)('%s has every key English has, and no other', (_, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort())
  })

  it.each(translations)('%s keeps every {placeholder} and <tag> of each English message', (_, catalog) => {
    const differing = Object.keys(english).filter(
      (key) => catalog[key] !== undefined && markers(catalog[key]).join() !== markers(english[key]).join(),
    )
    expect(differing).toEqual([])
  })

  it.each(translations)('%s says a count in plural forms where English does, with "other" always', (_, catalog) => {
    for (const [key, message] of Object.entries(english)) {
      if (typeof message === 'string') continue
      expect(typeof catalog[key], key).toBe('object')
      expect((catalog[key] as { other?: string }).other, key).toBeTruthy()
    }
  })

  it.each(translations)('%s leaves no message empty', (_, catalog) => {
    const empty = Object.entries(catalog).filter(([, message]) => texts(message).some((text) => !text.trim()))
    expect(empty).toEqual([])
  })

  it("says the domain rules' sentences word for word in English", () => {
    for (const [key, text] of Object.entries(APP_MESSAGES)) expect(text, key).toBe(MESSAGES[key as keyof typeof MESSAGES])
    expect(en['app.crashed']).toBe(MESSAGES.APP_CRASHED)
    expect(en['app.notFound']).toBe(MESSAGES.PAGE_NOT_FOUND)
    expect(en['app.loadFailed']).toBe(MESSAGES.FALLBACK_ERROR)
    expect(en['app.offlineBanner']).toBe(MESSAGES.OFFLINE_BANNER)
    expect(en['auth.phoneRequired']).toBe(MESSAGES.PHONE_REQUIRED)
    expect(en['auth.phoneInvalid']).toBe(MESSAGES.PHONE_INVALID)
    expect(en['auth.codeRequired']).toBe(MESSAGES.OTP_REQUIRED)
  })

  it("says the screens' own checks in the domain rules' words", () => {
    const lengths = { min: String(LIMITS.MESSAGE_MIN_LENGTH), max: String(LIMITS.MESSAGE_MAX_LENGTH) }
    const filled = (key: string) => (en[key] as string).replace(/\{(min|max)\}/g, (_, name: 'min' | 'max') => lengths[name])
    const said: [string, string][] = [
      ['place.locationInvalid', MESSAGES.LOCATION_INVALID],
      ['chat.messageLength', MESSAGES.MESSAGE_LENGTH],
      ['chat.messageCharacters', MESSAGES.MESSAGE_CHARACTERS],
      ['chat.fileFormatInvalid', MESSAGES.FILE_FORMAT_INVALID],
      ['chat.fileTooLarge', MESSAGES.FILE_TOO_LARGE],
      ['chat.membersOnly', MESSAGES.CHAT_MEMBERS_ONLY],
      ['chat.documentRefused', MESSAGES.CHAT_DOCUMENT_REFUSED],
      ['reviews.atLeastOne', MESSAGES.REVIEW_AT_LEAST_ONE],
      ['reviews.flagReasonRequired', MESSAGES.REVIEW_FLAG_REASON_REQUIRED],
      ['reviews.flagReasonTooLong', MESSAGES.REVIEW_FLAG_REASON_TOO_LONG],
      ['reviews.reasonCharacters', MESSAGES.REASON_CHARACTERS],
      ['safety.contactNameRequired', SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_REQUIRED],
      ['safety.contactNameTooLong', SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_TOO_LONG],
      ['safety.contactNameCharacters', SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_CHARACTERS],
      ['safety.contactNumberInvalid', SAFETY_MESSAGES.EMERGENCY_CONTACT_NUMBER_INVALID],
      ['safety.contactOwnNumber', SAFETY_MESSAGES.EMERGENCY_CONTACT_OWN_NUMBER],
      ['safety.contactRepeated', SAFETY_MESSAGES.EMERGENCY_CONTACT_REPEATED],
      ['safety.sharedTripNotFound', SAFETY_MESSAGES.SHARED_TRIP_NOT_FOUND],
    ]
    for (const [key, text] of said) expect(filled(key), key).toBe(text)
  })

  it('is written per area, with the same areas in every language', () => {
    expect(areasOf('en').length).toBeGreaterThan(1)
    for (const language of ['hi', 'kn']) expect(areasOf(language)).toEqual(areasOf('en'))
  })

  it('translates: the words of Hindi and Kannada are their own scripts, not English left in place', () => {
    for (const [language, catalog] of translations) {
      const script = language === 'hi' ? /\p{Script=Devanagari}/u : /\p{Script=Kannada}/u
      const untranslated = Object.entries(catalog)
        .filter(([key]) => key !== 'common.appName' && key !== 'person.someone')
        .filter(([, message]) => !texts(message).some((text) => script.test(text)))
        .map(([key]) => key)
      // 'OTP' is the word people use in both.
      expect(untranslated, language).toEqual(['auth.codeBoxes'])
    }
  })
})
