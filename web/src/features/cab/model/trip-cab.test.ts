import { describe, expect, it } from 'vitest'
import { cabBlock, cancelReasonError, issueError } from './trip-cab'
import type { Trip } from '@/components/trip/trip'

const trip = (status: Trip['cab']['status'], overrides: Partial<Trip> = {}) =>
  ({ is_current_user_host: true, is_past: false, cab: { status }, ...overrides }) as Trip

describe('the cab block', () => {
  it('offers the host a request while the trip can have a cab', () => {
    expect(cabBlock(trip('eligible'))).toEqual({ kind: 'request-now' })
    expect(cabBlock(trip('vendor_cancelled'))).toEqual({ kind: 'request-now' })
    expect(cabBlock(trip('eligible', { is_current_user_host: false }))).toEqual({ kind: 'hidden' })
    expect(cabBlock(trip('not_eligible'))).toEqual({ kind: 'not-eligible' })
  })

  it('shows a request, a booking or an unfulfilled one to everyone, also after the trip', () => {
    expect(cabBlock(trip('requested', { is_current_user_host: false }))).toEqual({ kind: 'requested', host: false })
    expect(cabBlock(trip('booked', { is_past: true }))).toEqual({ kind: 'booked', host: true })
    expect(cabBlock(trip('unfulfilled', { is_past: true }))).toEqual({ kind: 'unfulfilled', host: true })
    expect(cabBlock(trip('cancelled', { is_past: true }))).toEqual({ kind: 'hidden' })
  })

  it('says why the cab of a deleted trip ended, to the host too, and offers no new request', () => {
    const deleted = { status: 'CANCELLED' } as const
    const ended = (host: boolean) =>
      ({
        ...trip('cancelled', { ...deleted, is_current_user_host: host }),
        cab: { status: 'cancelled', cancelled_because: 'the trip was deleted' },
      }) as Trip
    expect(cabBlock(ended(true))).toEqual({ kind: 'ended' })
    expect(cabBlock(ended(false))).toEqual({ kind: 'ended' })
    // A cab its host cancelled before deleting the trip has nothing to say.
    expect(cabBlock(trip('cancelled', deleted))).toEqual({ kind: 'hidden' })
    expect(cabBlock(trip('cancelled', { status: 'ACTIVE' }))).toEqual({ kind: 'request-now' })
  })

  it('needs words for an issue', () => {
    expect(issueError('  ')).toEqual({ key: 'cab.issueRequired' })
    expect(issueError('Driver <b>rude</b>')).toBeNull()
    expect(issueError('Driver\u202e')).toEqual({ key: 'cab.issueCharacters', characters: 'U+202E' })
    expect(issueError('The driver never came')).toBeNull()
  })

  it('takes no reason for a cancel, but only allowed characters', () => {
    expect(cancelReasonError('  ')).toBeNull()
    expect(cancelReasonError('Plans changed')).toBeNull()
    expect(cancelReasonError('Late\u202e')).toEqual({ key: 'cab.reasonCharacters', characters: 'U+202E' })
  })
})
