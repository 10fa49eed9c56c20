import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  blockReasonError,
  calendarDay,
  chatAvailability,
  CUSTOM_REASON,
  joinRequestBody,
  LEAVE_REASONS,
  luggageSummary,
  messageError,
  noteError,
  reasonError,
  REMOVE_REASONS,
  shouldPromptFeedback,
  tripActions,
  canReviewTrip,
  type Passenger,
} from './join'
import type { Trip } from '@/components/trip/trip'
import { passenger } from '@/testing/passenger'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

const person = (overrides: Partial<Passenger>): Passenger => passenger({ status: 'active', ...overrides })

const host = person({ id: 1, name: 'Asha Rao', type: 'host' })

const trip = (overrides: Partial<Trip> = {}) =>
  ({
    is_current_user_host: false,
    user_status: 'default',
    status: 'ACTIVE',
    is_past: false,
    chat_id: null,
    active_passenger_count: 1,
    total_passengers: 2,
    passengers: [host],
    ...overrides,
  }) as Trip

describe('bottom bar', () => {
  it('gives the host Trip Chat and the number of pending requests, past or not', () => {
    const passengers = [host, person({ id: 8, status: 'requested' }), person({ id: 9, status: 'requested' })]
    expect(tripActions(trip({ is_current_user_host: true, passengers }))).toEqual({
      left: 'chat',
      right: { kind: 'requests', count: 2 },
    })
    expect(tripActions(trip({ is_current_user_host: true, is_past: true })).right).toEqual({ kind: 'requests', count: 0 })
  })

  it('offers a stranger Ask Query and Send Request, and a pending one Cancel Request', () => {
    expect(tripActions(trip())).toEqual({ left: 'ask', right: { kind: 'send' } })
    expect(tripActions(trip({ user_status: 'requested' }))).toEqual({ left: 'ask', right: { kind: 'cancel' } })
    for (const status of ['left', 'revoked', 'expired'] as const) {
      expect(tripActions(trip({ user_status: status })).right).toEqual({ kind: 'send' })
    }
  })

  it('gives an active member Trip Chat and Leave Trip', () => {
    expect(tripActions(trip({ user_status: 'active' }))).toEqual({ left: 'chat', right: { kind: 'leave' } })
  })

  it('labels a removed or rejected rider instead of a button', () => {
    expect(tripActions(trip({ user_status: 'removed' })).right).toEqual({ kind: 'label', text: 'Removed' })
    expect(tripActions(trip({ user_status: 'rejected' })).right).toEqual({ kind: 'label', text: 'Rejected' })
  })

  it('hides asking, requesting, cancelling and leaving once the trip is past', () => {
    expect(tripActions(trip({ is_past: true }))).toEqual({ left: null, right: null })
    expect(tripActions(trip({ is_past: true, user_status: 'requested' }))).toEqual({ left: null, right: null })
    expect(tripActions(trip({ is_past: true, user_status: 'active' }))).toEqual({ left: 'chat', right: null })
    expect(tripActions(trip({ status: 'CANCELLED' }))).toEqual({ left: null, right: null })
  })

  it('offers an active member Review Trip after the trip when more than one travelled', () => {
    const travelled = { is_past: true, user_status: 'active', active_passenger_count: 2 } as const
    expect(tripActions(trip(travelled))).toEqual({ left: 'chat', right: { kind: 'review' } })
    expect(canReviewTrip(trip({ ...travelled, is_current_user_host: true }))).toBe(true)
    expect(canReviewTrip(trip({ ...travelled, active_passenger_count: 1 }))).toBe(false)
    expect(canReviewTrip(trip({ ...travelled, is_past: false }))).toBe(false)
    expect(canReviewTrip(trip({ ...travelled, user_status: 'removed' }))).toBe(false)
    expect(canReviewTrip(trip({ ...travelled, status: 'CANCELLED' }))).toBe(false)
  })
})

describe('trip chat', () => {
  it('opens the chat when the trip has one', () => {
    expect(chatAvailability(trip({ chat_id: 12, user_status: 'active' }))).toBe('open')
  })

  it('tells a host with nobody joined why there is no chat', () => {
    expect(chatAvailability(trip({ is_current_user_host: true }))).toBe('nobody-joined')
    const passengers = [host, person({ status: 'requested' })]
    expect(chatAvailability(trip({ is_current_user_host: true, passengers }))).toBe('nobody-joined')
    expect(chatAvailability(trip({ is_current_user_host: true, chat_id: 12, passengers }))).toBe('nobody-joined')
  })

  it('opens the chat of a trip that does not name it once someone has joined', () => {
    const passengers = [host, person({ status: 'active' })]
    expect(chatAvailability(trip({ is_current_user_host: true, passengers }))).toBe('open')
    expect(chatAvailability(trip({ user_status: 'active', passengers }))).toBe('open')
  })

  it('is unavailable to anyone outside the trip', () => {
    expect(chatAvailability(trip({ user_status: 'requested' }))).toBe('unavailable')
  })
})

describe('join request', () => {
  it('sends no zero luggage and no empty note', () => {
    expect(joinRequestBody(5, { large: 0, small: 0 }, '   ')).toEqual({ trip_id: 5 })
    expect(joinRequestBody(5, { large: 2, small: 0 }, '  At the gate ')).toEqual({
      trip_id: 5,
      additional_note: 'At the gate',
      large_luggage: 2,
    })
    expect(joinRequestBody(5, { large: 0, small: 3 }, '')).toEqual({ trip_id: 5, small_luggage: 3 })
  })

  it('takes any script, quotes and emoji in the note, and names the invisible characters it refuses', () => {
    expect(noteError('', t)).toBeNull()
    expect(noteError("Two bags, 1 cycle (folded) & ₹50 toll? I'll wait at gate #2 🚲", t)).toBeNull()
    expect(noteError('दो बैग हैं', t)).toBeNull()
    expect(noteError('Gate 4 \u202egnp.exe', t)).toBe('Note contains characters that are not allowed: U+202E')
  })

  it('summarises luggage as the dialog names it', () => {
    expect(luggageSummary({ large_luggage: 2, small_luggage: 1 }, t)).toBe('Luggage 2 · Handheld 1')
    expect(luggageSummary({ large_luggage: 0, small_luggage: 0 }, t)).toBeNull()
  })
})

describe('questions and answers', () => {
  it('needs 1 to 500 characters after trimming', () => {
    expect(messageError('   ', t)).toBe('Message should be of length 1 to 500')
    expect(messageError('  ok  ', t)).toBeNull()
    expect(messageError('a'.repeat(501), t)).toBe('Message should be of length 1 to 500')
    expect(messageError('a'.repeat(500), t)).toBeNull()
    expect(messageError('🚕'.repeat(500), t)).toBeNull()
  })

  it('takes what people type and refuses invisible characters', () => {
    expect(messageError("Is there room for #2 bags? I'll be there at 9:45", t)).toBeNull()
    expect(messageError('क्या जगह है? 🙏', t)).toBeNull()
    expect(messageError('Pay\u200bment', t)).toBe('Message contains characters that are not allowed: U+200B')
  })

  it('prompts for feedback at most once per calendar day', () => {
    const morning = new Date(2026, 4, 14, 9, 0)
    const night = new Date(2026, 4, 14, 23, 59)
    const nextDay = new Date(2026, 4, 15, 0, 1)
    expect(shouldPromptFeedback(null, morning)).toBe(true)
    expect(shouldPromptFeedback(calendarDay(morning), night)).toBe(false)
    expect(shouldPromptFeedback(calendarDay(night), nextDay)).toBe(true)
  })
})

describe('reasons', () => {
  it('lists the leave and remove presets in order', () => {
    expect(LEAVE_REASONS).toEqual(['Found an another trip', 'Not replying messages'])
    expect(REMOVE_REASONS).toEqual(['Being abusive', 'No replying messages'])
  })

  it('accepts a preset, and a custom reason only with allowed words', () => {
    expect(reasonError(LEAVE_REASONS, 'Not replying messages', '', t)).toBeNull()
    expect(reasonError(LEAVE_REASONS, 'Being abusive', '', t)).toBe('Please select an option or write your reason')
    expect(reasonError(REMOVE_REASONS, CUSTOM_REASON, '  ', t)).toBe('Please select an option or write your reason')
    expect(reasonError(REMOVE_REASONS, CUSTOM_REASON, 'Asked for cash upfront', t)).toBeNull()
    expect(reasonError(REMOVE_REASONS, CUSTOM_REASON, 'Rude #1, said "pay now"', t)).toBeNull()
    expect(reasonError(REMOVE_REASONS, CUSTOM_REASON, 'Rude\u0000', t)).toBe(
      'Note contains characters that are not allowed: U+0000',
    )
  })

  it('needs a block reason only when reporting', () => {
    expect(blockReasonError('', false, t)).toBeNull()
    expect(blockReasonError('  ', true, t)).toBe('Reason is required')
    expect(blockReasonError('Abusive in chat', true, t)).toBeNull()
  })
})
