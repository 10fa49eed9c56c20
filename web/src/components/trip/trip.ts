import type { components } from '@/generated/api'
import { LIMITS } from '@/generated/rules'

type Schemas = components['schemas']

/** A place as the trip calls carry it (SPEC §3 Location). */
export type Place = Schemas['Location']
/** GET /api/trip/trip/{id} and every trip list (SPEC §3 Trip). */
export type Trip = Schemas['TripPublic']
/** A trip as search and Trips Around You find it: a trip with how it was found. */
export type TripFound = Schemas['TripFound']
/** How a search or Trips Around You found a trip: at its ends or along its way. */
export type TripMatch = Schemas['TripMatch']

/** Transport mode codes (SPEC §3): 1 Cab, 2 Auto, 3 Undecided, anything else Self Drive. */
export const MODES = { cab: 1, auto: 2, undecided: 3, selfDrive: 4 } as const

export const MODE_CHOICES: readonly { code: number; label: string }[] = [
  { code: MODES.cab, label: 'Cab' },
  { code: MODES.auto, label: 'Auto' },
  { code: MODES.undecided, label: 'Undecided' },
  { code: MODES.selfDrive, label: 'Self Drive' },
]

export function modeLabel(code: number): string {
  if (code === MODES.cab) return 'Cab'
  if (code === MODES.auto) return 'Auto'
  if (code === MODES.undecided) return 'Undecided'
  return 'Self Drive'
}

/** "2026-05-14 09:05" -> its parts, read as written (the server already speaks India time). */
export function scheduleParts(scheduledAt: string): { date: string; time: string; hour: number } {
  const [date = '', time = ''] = scheduledAt.trim().split(/[ T]/)
  return { date, time: time.slice(0, 5), hour: Number(time.slice(0, 2)) }
}

/** "2026-05-14" -> "14-05-2026" (trip dates are shown DD-MM-YYYY). */
export function isoToDdMmYyyy(isoDate: string): string {
  const [year, month, day] = isoDate.split('-')
  return `${day}-${month}-${year}`
}

/** "09:05" -> "9:05 AM". */
export function formatClock(time: string): string {
  const [hours, minutes] = time.split(':').map(Number)
  const suffix = hours < 12 ? 'AM' : 'PM'
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`
}

/** Morning before 12, Afternoon from 12 until 15, Evening after (SPEC §9). */
export function timeOfDayLabel(hour: number): 'Morning' | 'Afternoon' | 'Evening' {
  if (hour < 12) return 'Morning'
  if (hour < 15) return 'Afternoon'
  return 'Evening'
}

export type TripBadge = 'Hosted' | 'Requested' | 'Cab Booked' | 'Cancelled' | 'Trip Full' | 'Almost Full'

export function tripBadges(trip: Trip): TripBadge[] {
  const badges: TripBadge[] = []
  if (trip.is_current_user_host) badges.push('Hosted')
  else if (trip.user_status === 'requested') badges.push('Requested')
  const cabStatus = trip.cab?.status
  if (cabStatus === 'requested' || cabStatus === 'booked') badges.push('Cab Booked')
  if (trip.status === 'CANCELLED') badges.push('Cancelled')
  else if (trip.active_passenger_count >= trip.total_passengers) badges.push('Trip Full')
  else if (isAlmostFull(trip.active_passenger_count, trip.total_passengers)) badges.push('Almost Full')
  return badges
}

/** The fewest seats a trip has for 'Almost Full' to mean anything: of two seats, one left is simply half empty. */
export const ALMOST_FULL_MIN_SEATS = 3

/** One seat left of three or more: 'Almost Full'. A full trip is 'Trip Full' instead. */
export function isAlmostFull(activeCount: number, totalSeats: number): boolean {
  return totalSeats >= ALMOST_FULL_MIN_SEATS && totalSeats - activeCount === 1
}

/** "Priya" of "Priya Sharma": cards name a host as people call each other; the sheet gives the full name. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? ''
}

/**
 * 'about ' before a distance measured from approximate ends: until the host accepts someone, they see each end at the
 * centre of its cell (docs/security.md "Where a host lives"), so their distances differ a little from the members'.
 */
export const distancePrefix = (trip: { origin: { is_approximate?: boolean | null } }): string =>
  trip.origin.is_approximate ? 'about ' : ''

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`

/**
 * The per-person cost: from the total split over every seat up to half the total (the host pays the full share
 * until the trip fills), or 'Not booked' when there is no cost.
 */
export function costRange(estimatedCost: number, totalPassengers: number): string {
  if (!estimatedCost) return 'Not booked'
  const low = Math.round(estimatedCost / Math.max(totalPassengers, 1))
  const high = Math.round(estimatedCost / 2)
  return low === high ? rupees(low) : `${rupees(low)} - ${rupees(high)}`
}

const formatKg = (kg: number) => (Number.isInteger(kg) ? String(kg) : kg.toFixed(1))

/**
 * The CO2 sentence: 'Saved' once the trip is past, 'Saving' for its members before, 'Save' for everyone else, who
 * would add the next seat's saving by joining.
 */
export function co2Line(trip: Pick<Trip, 'is_past' | 'is_current_user_host' | 'user_status' | 'current_co2_saving' | 'next_co2_saving'>): string {
  if (trip.is_past) return `Saved ${formatKg(trip.current_co2_saving)} kg CO2`
  const member = trip.is_current_user_host || trip.user_status === 'active'
  if (member) return `Saving ${formatKg(trip.current_co2_saving)} kg CO2`
  return `Save ${formatKg(trip.next_co2_saving)} kg CO2`
}

/** One tree for every 50 kg of CO2 avoided. */
export const treesFor = (kgCo2: number): number => Math.floor(kgCo2 / LIMITS.KG_CO2_PER_TREE)

/** "12.3" km, one decimal, for distances the server gives in km. */
export const formatKm = (km: number): string => `${km < 10 ? km.toFixed(1) : Math.round(km)} km`
