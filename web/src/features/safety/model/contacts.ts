/**
 * The emergency contacts form: the rows as typed and the rule each breaks, checked as the server checks them
 * (domain/rules/safety.py contacts_refusal) so each word shows beside its own field before anything is sent.
 */
import type { EmergencyContact } from '../api/safety'
import { LIMITS, PATTERNS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import { charactersError, textLength, tidyText } from '@/lib/free-text'
import '@/i18n/catalogs/en/safety'

/** A row as typed; its key keeps each row's fields in place when a row above it is removed. */
export type ContactDraft = EmergencyContact & { key: number }

export type ContactErrors = { name: string | null; mobile_number: string | null }

const PHONE = new RegExp(PATTERNS.PHONE)

let nextKey = 0
export const newDraft = (contact: EmergencyContact = { name: '', mobile_number: '' }): ContactDraft => ({
  ...contact,
  key: (nextKey += 1),
})

export const draftsOf = (contacts: readonly EmergencyContact[]): ContactDraft[] => contacts.map((contact) => newDraft(contact))

/** What is sent: names tidied as the server keeps them. */
export const contactsOf = (drafts: readonly ContactDraft[]): EmergencyContact[] =>
  drafts.map(({ name, mobile_number }) => ({ name: tidyText(name, false), mobile_number }))

export const canAddContact = (drafts: readonly ContactDraft[]): boolean => drafts.length < LIMITS.EMERGENCY_CONTACTS_MAX

function nameError(typed: string, t: Translate): string | null {
  const name = tidyText(typed, false)
  if (!name) return t('safety.contactNameRequired')
  if (textLength(name) > LIMITS.EMERGENCY_CONTACT_NAME_MAX_LENGTH) return t('safety.contactNameTooLong')
  const characters = charactersError(name, '{characters}', false)
  return characters === null ? null : t('safety.contactNameCharacters', { characters })
}

function numberError(number: string, ownNumber: string, earlier: readonly ContactDraft[], t: Translate): string | null {
  if (!PHONE.test(number)) return t('safety.contactNumberInvalid')
  if (number === ownNumber) return t('safety.contactOwnNumber')
  if (earlier.some((contact) => contact.mobile_number === number)) return t('safety.contactRepeated')
  return null
}

/** Each row's problems in the language, in order; a number given twice is marked on its second row. */
export const contactErrors = (drafts: readonly ContactDraft[], ownNumber: string, t: Translate): ContactErrors[] =>
  drafts.map((draft, index) => ({
    name: nameError(draft.name, t),
    mobile_number: numberError(draft.mobile_number, ownNumber, drafts.slice(0, index), t),
  }))

export const hasErrors = (errors: readonly ContactErrors[]): boolean =>
  errors.some((error) => error.name !== null || error.mobile_number !== null)

/** Keeps what a number field may hold: its digits, at most ten. */
export const mobileDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, LIMITS.PHONE_LENGTH)
