import type { Trip } from '@/components/trip/trip'
import { LIMITS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import { charactersError, textLength, tidyText } from '@/lib/free-text'
import { joinStopsBody, type JoinStops } from './join-stops'
import '@/i18n/catalogs/en/trips'

export type Passenger = Trip['passengers'][number]
export type TripQuestion = Trip['queries'][number]

/** The left button of the sheet's bottom bar (SPEC §4 action buttons). */
export type LeftAction = 'chat' | 'ask' | null
/** The right one: a button, or a label saying how the host answered. */
export type RightAction =
  | { kind: 'requests'; count: number }
  | { kind: 'leave' }
  | { kind: 'cancel' }
  | { kind: 'send' }
  | { kind: 'label'; text: 'Removed' | 'Rejected' }
  | { kind: 'review' }
  | null

export const pendingRequests = (trip: Trip): Passenger[] =>
  trip.passengers.filter((person) => person.type === 'member' && person.status === 'requested')

export const activeMembers = (trip: Trip): Passenger[] =>
  trip.passengers.filter((person) => person.type === 'member' && person.status === 'active')

/** Review Trip: once the trip's time has passed, for the host or an active member, when more than one travelled. */
export const canReviewTrip = (trip: Trip): boolean =>
  trip.is_past &&
  trip.status !== 'CANCELLED' &&
  trip.active_passenger_count > 1 &&
  (trip.is_current_user_host || trip.user_status === 'active')

export const isTripFull = (trip: Trip): boolean => trip.active_passenger_count >= trip.total_passengers

/**
 * The host sees Trip Chat and Requests(n). Others see Trip Chat once active, else Ask Query, and on the right what
 * they can do next. Asking, requesting, cancelling and leaving are gone once the trip has started, and on a
 * cancelled trip, where the server refuses them all.
 */
export function tripActions(trip: Trip): { left: LeftAction; right: RightAction } {
  if (trip.is_current_user_host) return { left: 'chat', right: { kind: 'requests', count: pendingRequests(trip).length } }
  const closed = trip.is_past || trip.status === 'CANCELLED'
  const status = trip.user_status
  const left: LeftAction = status === 'active' ? 'chat' : closed ? null : 'ask'
  if (status === 'removed') return { left, right: { kind: 'label', text: 'Removed' } }
  if (status === 'rejected') return { left, right: { kind: 'label', text: 'Rejected' } }
  if (canReviewTrip(trip)) return { left, right: { kind: 'review' } }
  if (closed) return { left, right: null }
  if (status === 'active') return { left, right: { kind: 'leave' } }
  if (status === 'requested') return { left, right: { kind: 'cancel' } }
  return { left, right: { kind: 'send' } }
}

/**
 * What Trip Chat does: open the trip's chat, which its host and active members have once someone has joined (when
 * the trip does not name it, GET /api/trip/chat/{tripId} finds it); tell a host nobody has joined yet.
 */
export function chatAvailability(trip: Trip): 'open' | 'nobody-joined' | 'unavailable' {
  if (trip.is_current_user_host) return activeMembers(trip).length === 0 ? 'nobody-joined' : 'open'
  if (trip.chat_id != null) return 'open'
  return trip.user_status === 'active' ? 'open' : 'unavailable'
}

/** The refused characters of a text named in the sentence of `key`; null when there are none (lib/free-text). */
function refusedError(
  text: string,
  key: 'trips.noteCharacters' | 'trips.messageCharacters' | 'trips.reasonCharacters',
  t: Translate,
): string | null {
  const characters = charactersError(text, '{characters}')
  return characters === null ? null : t(key, { characters })
}

/** The optional note of a join request: trimmed, allowed characters only (SPEC §5, lib/free-text). */
export function noteError(note: string, t: Translate): string | null {
  return refusedError(tidyText(note), 'trips.noteCharacters', t)
}

/** POST /api/trip/user body: zero luggage, an empty note and the trip's own ends as stops are not sent. */
export function joinRequestBody(
  tripId: number,
  luggage: { large: number; small: number },
  note: string,
  stops?: JoinStops,
) {
  const trimmed = tidyText(note)
  return {
    trip_id: tripId,
    ...joinStopsBody(stops),
    ...(trimmed ? { additional_note: trimmed } : {}),
    ...(luggage.small > 0 ? { small_luggage: luggage.small } : {}),
    ...(luggage.large > 0 ? { large_luggage: luggage.large } : {}),
  }
}

/** A question or an answer: 1 to 500 characters after trimming, allowed characters only (SPEC §5, lib/free-text). */
export function messageError(text: string, t: Translate): string | null {
  const trimmed = tidyText(text)
  const length = textLength(trimmed)
  if (length < LIMITS.MESSAGE_MIN_LENGTH || length > LIMITS.MESSAGE_MAX_LENGTH) {
    return t('trips.messageLength', { min: LIMITS.MESSAGE_MIN_LENGTH, max: LIMITS.MESSAGE_MAX_LENGTH })
  }
  return refusedError(trimmed, 'trips.messageCharacters', t)
}

/** The value of a reason picker when the person writes their own words. */
export const CUSTOM_REASON = 'custom'

/** Checks a reason picked from presets or written out; null when it can be sent (SPEC §5 reasons). */
export function reasonError(presets: readonly string[], choice: string, custom: string, t: Translate): string | null {
  if (choice !== CUSTOM_REASON) return presets.includes(choice) ? null : t('trips.reasonSelect')
  const trimmed = tidyText(custom)
  if (!trimmed) return t('trips.reasonSelect')
  return refusedError(trimmed, 'trips.noteCharacters', t)
}

export const chosenReason = (choice: string, custom: string): string =>
  choice === CUSTOM_REASON ? tidyText(custom) : choice

export const LEAVE_REASONS = ['Found an another trip', 'Not replying messages'] as const
export const REMOVE_REASONS = ['Being abusive', 'No replying messages'] as const

/** The preset reasons in the person's language; the API is sent them as they are written above. */
const REASON_KEYS = {
  'Found an another trip': 'trips.reasonFoundAnotherTrip',
  'Not replying messages': 'trips.reasonNotReplying',
  'Being abusive': 'trips.reasonAbusive',
  'No replying messages': 'trips.reasonNoReplying',
  'Did not find a match': 'trips.reasonNoMatch',
  'Do not understand how to use the app': 'trips.reasonHowToUse',
} as const

/** A preset reason as the person reads it; one the app has no words for is shown as the API wrote it. */
export const reasonLabel = (reason: string, t: Translate): string =>
  reason in REASON_KEYS ? t(REASON_KEYS[reason as keyof typeof REASON_KEYS]) : reason

/** Blocking needs no reason; reporting does (SPEC §5 block dialog). */
export function blockReasonError(reason: string, report: boolean, t: Translate): string | null {
  const trimmed = tidyText(reason)
  if (report && !trimmed) return t('trips.reasonRequired')
  return refusedError(trimmed, 'trips.reasonCharacters', t)
}

/** "2026-05-14" for the person's own calendar day. */
export function calendarDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The feedback prompt follows a question at most once per calendar day (SPEC §4). */
export const shouldPromptFeedback = (lastPromptDay: string | null, now: Date): boolean =>
  lastPromptDay !== calendarDay(now)

/** "2 large, 1 handheld" style summary of a request's luggage; null when none. */
export function luggageSummary(person: Pick<Passenger, 'large_luggage' | 'small_luggage'>, t: Translate): string | null {
  const parts: string[] = []
  if (person.large_luggage > 0) parts.push(t('trips.luggageCount', { count: person.large_luggage }))
  if (person.small_luggage > 0) parts.push(t('trips.handheldCount', { count: person.small_luggage }))
  return parts.length ? parts.join(' · ') : null
}
