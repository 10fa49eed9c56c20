import { indiaWallTime } from '@/components/trip/india-time'
import { isIsoDate } from './trip-dates'
import { MODES, type Place } from '@/components/trip/trip'
import type { operations } from '@/generated/api'

/** What GET /api/trip/search receives for one search, besides the page. */
export type TripSearch = Omit<operations['trip-search_trips']['parameters']['query'], 'page'>

/** Searches cover the whole chosen day (SPEC §5). */
export const SEARCH_START_TIME = '00:00'
export const SEARCH_END_TIME = '23:59'

export type HostGender = 'any' | 'MALE' | 'FEMALE'
export type VehicleBookedFilter = 'any' | 'true' | 'false'

export type SearchForm = {
  origin: Place | null
  destination: Place | null
  date: string
  maximumPassengers: number | null
  /** several may be chosen; never undecided */
  modes: number[]
  gender: HostGender
  vehicleBooked: VehicleBookedFilter
  estimatedCost: string
  verifiedHostsOnly: boolean
}

export const SEARCH_MODE_CODES: readonly number[] = [MODES.cab, MODES.auto, MODES.selfDrive]

export const emptySearchForm = (now: number = Date.now()): SearchForm => ({
  origin: null,
  destination: null,
  date: indiaWallTime(now).date,
  maximumPassengers: null,
  modes: [],
  gender: 'any',
  vehicleBooked: 'any',
  estimatedCost: '',
  verifiedHostsOnly: false,
})

const hasCoordinates = (place: Place | null): place is Place =>
  Boolean(place && Number.isFinite(place.latitude) && Number.isFinite(place.longitude))

/** The search button waits for both places to have coordinates. */
export const canSearch = (form: SearchForm): boolean => hasCoordinates(form.origin) && hasCoordinates(form.destination)

const placeValues = (prefix: 'origin' | 'destination', place: Place | null) =>
  place
    ? {
        [`${prefix}_latitude`]: place.latitude,
        [`${prefix}_longitude`]: place.longitude,
        [`${prefix}_name`]: place.name,
        [`${prefix}_place_id`]: place.place_id,
      }
    : {}

/** The search's filters as GET /api/trip/search takes them, filters that are not set left out. */
function filterValues(form: SearchForm): Omit<TripSearch, `${'origin' | 'destination'}_${string}`> {
  const modes = form.modes.filter((mode) => SEARCH_MODE_CODES.includes(mode))
  const cost = Number(form.estimatedCost)
  return {
    date: form.date,
    start_time: SEARCH_START_TIME,
    end_time: SEARCH_END_TIME,
    maximum_passengers: form.maximumPassengers || undefined,
    preferred_mode_of_transport: modes.length ? modes.join(',') : undefined,
    gender: form.gender === 'any' ? undefined : form.gender,
    is_vehicle_booked: form.vehicleBooked === 'any' ? undefined : form.vehicleBooked === 'true',
    estimated_cost: form.estimatedCost.trim() && Number.isFinite(cost) && cost > 0 ? cost : undefined,
    is_host_kyc_verified: form.verifiedHostsOnly || undefined,
  }
}

/** What GET /api/trip/search receives for the form; null until both places are known. */
export function tripSearch(form: SearchForm): TripSearch | null {
  const { origin, destination } = form
  if (!origin || !destination) return null
  return {
    origin_latitude: origin.latitude,
    origin_longitude: origin.longitude,
    origin_name: origin.name,
    origin_place_id: origin.place_id,
    destination_latitude: destination.latitude,
    destination_longitude: destination.longitude,
    destination_name: destination.name,
    destination_place_id: destination.place_id,
    ...filterValues(form),
  }
}

/** The results page's query string: the same values GET /api/trip/search receives. */
export function searchQuery(form: SearchForm): string {
  const places = { ...placeValues('origin', form.origin), ...placeValues('destination', form.destination) }
  const values = { ...places, ...filterValues(form) }
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== undefined) query.set(key, String(value))
  return query.toString()
}

function placeFrom(query: URLSearchParams, prefix: 'origin' | 'destination'): Place | null {
  const latitude = Number(query.get(`${prefix}_latitude`) ?? NaN)
  const longitude = Number(query.get(`${prefix}_longitude`) ?? NaN)
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  return {
    latitude,
    longitude,
    name: query.get(`${prefix}_name`) ?? '',
    place_id: query.get(`${prefix}_place_id`) ?? '',
  }
}

/** A results address read back into the form, so "back" and a shared link keep every filter. */
export function searchFormFrom(query: URLSearchParams, now: number = Date.now()): SearchForm {
  const form = emptySearchForm(now)
  const date = query.get('date') ?? ''
  const gender = query.get('gender')
  const booked = query.get('is_vehicle_booked')
  const maximum = Number(query.get('maximum_passengers'))
  return {
    ...form,
    origin: placeFrom(query, 'origin'),
    destination: placeFrom(query, 'destination'),
    date: isIsoDate(date) ? date : form.date,
    maximumPassengers: Number.isInteger(maximum) && maximum > 0 ? maximum : null,
    modes: (query.get('preferred_mode_of_transport') ?? '')
      .split(',')
      .map(Number)
      .filter((mode) => SEARCH_MODE_CODES.includes(mode)),
    gender: gender === 'MALE' || gender === 'FEMALE' ? gender : 'any',
    vehicleBooked: booked === 'true' || booked === 'false' ? booked : 'any',
    estimatedCost: query.get('estimated_cost') ?? '',
    verifiedHostsOnly: query.get('is_host_kyc_verified') === 'true',
  }
}

/** The viewer's search point, which the trip sheet uses for walking distances. */
export function searchPointFrom(query: URLSearchParams) {
  const origin = placeFrom(query, 'origin')
  const destination = placeFrom(query, 'destination')
  if (!origin || !destination) return null
  return {
    origin_latitude: origin.latitude,
    origin_longitude: origin.longitude,
    destination_latitude: destination.latitude,
    destination_longitude: destination.longitude,
  }
}

/** Only the part of a results address the trip sheet needs. */
export function searchPointQuery(query: URLSearchParams): string {
  const point = searchPointFrom(query)
  if (!point) return ''
  return `?${new URLSearchParams(Object.entries(point).map(([key, value]) => [key, String(value)])).toString()}`
}
