import type { Trip } from '@/components/trip/trip'
import type { Key, Translate } from '@/i18n'
import { charactersError, tidyText } from '@/lib/free-text'
import '@/i18n/catalogs/en/cab'

/** The trip view's cab; `cancelled_because` names why another change (a new time, a deleted trip, a stopped commute)
 * cancelled it, in words: "the trip's time changed". */
export type Cab = Trip['cab']
export type CabStatus = Cab['status']

/** Past trips show the cab only while it was requested, booked or left unfulfilled (SPEC §4 Cab status). */
const SHOWN_AFTER_DEPARTURE: readonly CabStatus[] = ['requested', 'booked', 'unfulfilled']
const REQUESTABLE: readonly CabStatus[] = ['eligible', 'cancelled', 'vendor_cancelled']

/** The catalog keys of every cab status's own words (domain/rules/cab.py CabStatus). */
export const CAB_STATUS_LABELS: Record<CabStatus, Extract<Key, `cab.status${string}`>> = {
  not_eligible: 'cab.statusNotEligible',
  eligible: 'cab.statusEligible',
  requested: 'cab.statusRequested',
  booked: 'cab.statusBooked',
  cancelled: 'cab.statusCancelled',
  unfulfilled: 'cab.statusUnfulfilled',
  vendor_cancelled: 'cab.statusVendorCancelled',
}

/** The cab block's status line: the host of a requested cab is waiting for a driver; everyone else reads the status. */
export const cabStatusLine = (status: CabStatus, host: boolean, t: Translate): string =>
  status === 'requested' && host ? t('cab.requestSent') : t('cab.currentStatus', { status: t(CAB_STATUS_LABELS[status]) })

/** Why a cancelled cab ended when another change ended it, in the server's words ("the trip's time changed"); else
 * null. */
export const cabCancelledBecause = (cab: Cab): string | null =>
  cab.status === 'cancelled' && cab.cancelled_because ? cab.cancelled_because : null

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

/** What is wrong with a cab text, as a catalog key (with the characters it may not have). */
export type CabTextProblem =
  | { key: 'cab.issueRequired' }
  | { key: 'cab.issueCharacters' | 'cab.reasonCharacters'; characters: string }

/** The names of the characters a text may not have (lib/free-text), or null: the template is the names alone. */
const refusedNames = (text: string): string | null => charactersError(text, '{characters}')

/** Raise an issue: text required (SPEC §5), the allowed characters only (lib/free-text). */
export function issueError(issue: string): CabTextProblem | null {
  const trimmed = tidyText(issue)
  if (!trimmed) return { key: 'cab.issueRequired' }
  const characters = refusedNames(trimmed)
  return characters ? { key: 'cab.issueCharacters', characters } : null
}

/** Cancel a cab: the reason is optional (SPEC §5), the allowed characters only. */
export function cancelReasonError(reason: string): CabTextProblem | null {
  const characters = refusedNames(tidyText(reason))
  return characters ? { key: 'cab.reasonCharacters', characters } : null
}

/** A problem's sentence in the language. */
export const sayCabTextProblem = (problem: CabTextProblem, t: Translate): string =>
  problem.key === 'cab.issueRequired' ? t(problem.key) : t(problem.key, { characters: problem.characters })
