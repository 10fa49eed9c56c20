import type { Trip } from '@/components/trip/trip'
import { MESSAGES } from '@/generated/rules'
import { charactersError, tidyText } from '@/lib/free-text'

/** The trip view's cab; `cancelled_because` names why another change (a new time, a deleted trip, a stopped commute)
 * cancelled it, in words: "the trip's time changed". */
export type Cab = Trip['cab']
export type CabStatus = Cab['status']

/** Past trips show the cab only while it was requested, booked or left unfulfilled (SPEC §4 Cab status). */
const SHOWN_AFTER_DEPARTURE: readonly CabStatus[] = ['requested', 'booked', 'unfulfilled']
const REQUESTABLE: readonly CabStatus[] = ['eligible', 'cancelled', 'vendor_cancelled']

/** Every cab status's own words (domain/rules/cab.py CabStatus). */
export const CAB_STATUS_LABELS: Record<CabStatus, string> = {
  not_eligible: 'Not Eligible',
  eligible: 'Not requested yet',
  requested: 'Requested',
  booked: 'Booked',
  cancelled: 'Cancelled',
  unfulfilled: 'Unfulfilled',
  vendor_cancelled: 'Cancelled by the vendor',
}

/** The cab block's status line: the host of a requested cab is waiting for a driver; everyone else reads the status. */
export const cabStatusLine = (status: CabStatus, host: boolean): string =>
  status === 'requested' && host ? 'Request Sent: waiting for a driver' : `Status: ${CAB_STATUS_LABELS[status]}`

/** "Cancelled because the trip's time changed": a cancelled cab that another change ended says why; else null. */
export const cabCancelledBecause = (cab: Cab): string | null =>
  cab.status === 'cancelled' && cab.cancelled_because ? `Cancelled because ${cab.cancelled_because}` : null

export type CabBlock =
  | { kind: 'hidden' }
  | { kind: 'ended' }
  | { kind: 'not-eligible' }
  | { kind: 'request-now' }
  | { kind: 'requested'; host: boolean }
  | { kind: 'booked'; host: boolean }
  | { kind: 'unfulfilled'; host: boolean }

/** What the sheet's cab block shows to this viewer: a deleted trip's cab that its deletion cancelled says so to the
 * host and the members. */
export function cabBlock(trip: Trip): CabBlock {
  const { status } = trip.cab
  const host = trip.is_current_user_host
  if (trip.is_past && !SHOWN_AFTER_DEPARTURE.includes(status)) return { kind: 'hidden' }
  if (status === 'not_eligible') return host ? { kind: 'not-eligible' } : { kind: 'hidden' }
  if (REQUESTABLE.includes(status)) {
    // A deleted trip can have no cab again; its block says why the last one ended.
    if (host && trip.status !== 'CANCELLED') return { kind: 'request-now' }
    return cabCancelledBecause(trip.cab) ? { kind: 'ended' } : { kind: 'hidden' }
  }
  if (status === 'requested') return { kind: 'requested', host }
  if (status === 'booked') return { kind: 'booked', host }
  return { kind: 'unfulfilled', host }
}

/** Raise an issue: text required (SPEC §5), the allowed characters only (lib/free-text). */
export function issueError(issue: string): string | null {
  const trimmed = tidyText(issue)
  if (!trimmed) return MESSAGES.CAB_ISSUE_REQUIRED
  return charactersError(trimmed, MESSAGES.ISSUE_CHARACTERS)
}

/** Cancel a cab: the reason is optional (SPEC §5), the allowed characters only. */
export const cancelReasonError = (reason: string): string | null =>
  charactersError(tidyText(reason), MESSAGES.REASON_CHARACTERS)
