import { DEFAULT_DETOUR_MINUTES } from '@/components/trip/detour'
import { isClockTime, isInPast, isIsoDate, tripDateRange, defaultTripTime } from './trip-dates'
import { MODES, scheduleParts, type Place, type Trip } from '@/components/trip/trip'
import { LIMITS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import type { CommuteCreate } from '@/lib/commutes'
import { charactersError, textLength, tidyText } from '@/lib/free-text'
import type { TripCreate, TripUpdate } from '../api/trips'
import '@/i18n/catalogs/en/trips'

export type TripFormValues = {
  origin: Place | null
  destination: Place | null
  /** "YYYY-MM-DD" */
  date: string
  /** "HH:MM" */
  time: string
  totalPassengers: number
  mode: number
  isVehicleBooked: boolean
  /** as typed; only used when the vehicle is booked */
  estimatedCost: string
  note: string
  /** ISO weekdays (1 Monday to 7 Sunday) a new trip repeats on; none for a single trip */
  repeatOn: number[]
  /** How far the host will go out of their way for riders along it; 0 for riders at the ends only */
  maxDetourMinutes: number
}

export type TripFormField = 'origin' | 'destination' | 'date' | 'time' | 'estimatedCost' | 'note'
export type TripFormErrors = Partial<Record<TripFormField, string>>

export function newTripForm(now: number = Date.now()): TripFormValues {
  const { date, time } = defaultTripTime(now)
  return {
    origin: null,
    destination: null,
    date,
    time,
    totalPassengers: LIMITS.PASSENGERS_DEFAULT,
    mode: MODES.cab,
    isVehicleBooked: false,
    estimatedCost: '',
    note: '',
    repeatOn: [],
    maxDetourMinutes: DEFAULT_DETOUR_MINUTES,
  }
}

/** The host's own trip, whose ends they see exactly. */
const placeOf = ({ name, place_id, latitude, longitude }: Trip['origin']): Place => ({
  name,
  place_id: place_id ?? '',
  latitude,
  longitude,
})

export function tripFormFrom(trip: Trip): TripFormValues {
  const { date, time } = scheduleParts(trip.scheduled_at)
  return {
    origin: placeOf(trip.origin),
    destination: placeOf(trip.destination),
    date,
    time,
    totalPassengers: trip.total_passengers,
    mode: trip.preferred_mode_of_transport,
    isVehicleBooked: trip.is_vehicle_booked,
    estimatedCost: trip.is_vehicle_booked && trip.estimated_cost ? String(trip.estimated_cost) : '',
    note: trip.additional_note ?? '',
    repeatOn: [],
    maxDetourMinutes: trip.max_detour_minutes,
  }
}

/** Picking a mode: undecided stands alone and has no booked vehicle, so the booking and its cost are reset. */
export function withMode(values: TripFormValues, mode: number): TripFormValues {
  if (mode === MODES.undecided) return { ...values, mode, isVehicleBooked: false, estimatedCost: '' }
  return { ...values, mode }
}

/** Changing whether the vehicle is booked clears the cost. */
export const withVehicleBooked = (values: TripFormValues, isVehicleBooked: boolean): TripFormValues =>
  values.isVehicleBooked === isVehicleBooked ? values : { ...values, isVehicleBooked, estimatedCost: '' }

const hasPlace = (place: Place | null) => Boolean(place?.name && place.place_id)

export function parseCost(text: string): number | null {
  if (!text.trim()) return null
  const value = Number(text)
  if (!Number.isFinite(value) || value < LIMITS.ESTIMATED_COST_MIN || value > LIMITS.ESTIMATED_COST_MAX) return null
  return value
}

/** The note's refused characters named, or null. */
function refusedNote(note: string, t: Translate): string | null {
  const characters = charactersError(note, '{characters}')
  return characters === null ? null : t('trips.noteCharacters', { characters })
}

/** The form's errors, said in the language of `t`. */
export function validateTripForm(values: TripFormValues, purpose: 'create' | 'edit', t: Translate, now: number = Date.now()) {
  const errors: TripFormErrors = {}
  if (!hasPlace(values.origin)) errors.origin = t('trips.fromRequired')
  if (!hasPlace(values.destination)) errors.destination = t('trips.toRequired')
  const { min, max } = tripDateRange(now)
  const repeating = values.repeatOn.length > 0
  const dateValid = repeating || (isIsoDate(values.date) && values.date >= min && values.date <= max)
  if (!dateValid) errors.date = t('trips.dateInvalid')
  if (!isClockTime(values.time)) errors.time = t('trips.timeInvalid')
  else if (!repeating && dateValid && isInPast({ date: values.date, time: values.time }, now)) {
    errors.time = purpose === 'create' ? t('trips.createInPast') : t('trips.editInPast')
  }
  if (bookedVehicle(values) && parseCost(values.estimatedCost) === null) {
    errors.estimatedCost = values.estimatedCost.trim() ? t('trips.costRange') : t('trips.costRequired')
  }
  const note = tidyText(values.note)
  const noteProblem =
    textLength(note) > LIMITS.TRIP_NOTE_MAX_LENGTH
      ? t('trips.noteTooLong')
      : refusedNote(note, t)
  if (noteProblem) errors.note = noteProblem
  return errors
}

const bookedVehicle = (values: TripFormValues) => values.mode !== MODES.undecided && values.isVehicleBooked

function tripFields(values: TripFormValues) {
  const booked = bookedVehicle(values)
  return {
    time_of_trip: `${values.date} ${values.time}`,
    total_passengers: values.totalPassengers,
    preferred_mode_of_transport: values.mode,
    is_vehicle_booked: booked,
    estimated_cost: booked ? (parseCost(values.estimatedCost) ?? 0) : 0,
    additional_note: tidyText(values.note),
    max_detour_minutes: values.maxDetourMinutes,
  }
}

export const withRepeatDay = (values: TripFormValues, day: number): TripFormValues => ({
  ...values,
  repeatOn: values.repeatOn.includes(day)
    ? values.repeatOn.filter((each) => each !== day)
    : [...values.repeatOn, day].sort((a, b) => a - b),
})

/** POST /api/trip/recurring: the trip's fields with its time of day and weekdays instead of a date. */
export function commutePayload(values: TripFormValues): CommuteCreate {
  const { time_of_trip: _date, ...fields } = createPayload(values)
  return { ...fields, time: values.time, days: values.repeatOn }
}

/** The POST body of a valid form. */
export function createPayload(values: TripFormValues): TripCreate {
  if (!values.origin || !values.destination) throw new Error('A trip needs both places')
  return { origin: values.origin, destination: values.destination, ...tripFields(values) }
}

/** Only the fields that differ from the trip as it was; empty when nothing changed. */
export function editChanges(trip: Trip, values: TripFormValues): TripUpdate {
  const before = tripFields(tripFormFrom(trip))
  const after = tripFields(values)
  const changes: TripUpdate = {}
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (after[key] !== before[key]) Object.assign(changes, { [key]: after[key] })
  }
  return changes
}
