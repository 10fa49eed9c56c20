/**
 * The emergency contacts form: the rows as typed and the rule each breaks, checked as the server checks them
 * (domain/rules/safety.py contacts_refusal) so each word shows beside its own field before anything is sent.
 */
import type { EmergencyContact } from '../api/safety'
import { LIMITS, PATTERNS, SAFETY_MESSAGES } from '@/generated/rules'
import { charactersError, textLength, tidyText } from '@/lib/free-text'

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

function nameError(typed: string): string | null {
  const name = tidyText(typed, false)
  if (!name) return SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_REQUIRED
  if (textLength(name) > LIMITS.EMERGENCY_CONTACT_NAME_MAX_LENGTH) return SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_TOO_LONG
  return charactersError(name, SAFETY_MESSAGES.EMERGENCY_CONTACT_NAME_CHARACTERS, false)
}

function numberError(number: string, ownNumber: string, earlier: readonly ContactDraft[]): string | null {
  if (!PHONE.test(number)) return SAFETY_MESSAGES.EMERGENCY_CONTACT_NUMBER_INVALID
  if (number === ownNumber) return SAFETY_MESSAGES.EMERGENCY_CONTACT_OWN_NUMBER
  if (earlier.some((contact) => contact.mobile_number === number)) return SAFETY_MESSAGES.EMERGENCY_CONTACT_REPEATED
  return null
}

/** Each row's problems, in order; a number given twice is marked on its second row. */
export const contactErrors = (drafts: readonly ContactDraft[], ownNumber: string): ContactErrors[] =>
  drafts.map((draft, index) => ({
    name: nameError(draft.name),
    mobile_number: numberError(draft.mobile_number, ownNumber, drafts.slice(0, index)),
  }))

export const hasErrors = (errors: readonly ContactErrors[]): boolean =>
  errors.some((error) => error.name !== null || error.mobile_number !== null)

/** Keeps what a number field may hold: its digits, at most ten. */
export const mobileDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, LIMITS.PHONE_LENGTH)
