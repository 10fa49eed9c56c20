import type { Trip } from '@/components/trip/trip'

type Passenger = Trip['passengers'][number]

/**
 * A passenger of a trip as the trip views give one, for tests: a member asking to join at the trip's own ends (no
 * pick-up, drop or extra minutes of their own), with no luggage and no note, unless the overrides say otherwise.
 */
export const passenger = (overrides: Partial<Passenger> = {}): Passenger => ({
  id: 7,
  name: 'Ravi Kumar',
  average_rating: 0,
  flagged_count: 0,
  reliability: null,
  small_image_url: null,
  is_kyc_verified: false,
  additional_note: null,
  small_luggage: 0,
  large_luggage: 0,
  status: 'requested',
  type: 'member',
  booked_through: null,
  pickup: null,
  drop: null,
  detour_minutes: null,
  ...overrides,
})
