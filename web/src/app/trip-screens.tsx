/**
 * The trips feature's screens with the blocks other features own set in their places: the cab and safety blocks and
 * the SOS banner in the trip sheet, the invitation to verify over Create Trip, the commutes above Trips › Hosting.
 * The router loads them as one.
 */
import type { Trip } from '@/components/trip/trip'
import { TripCab } from '@/features/cab/blocks'
import { CommuteList } from '@/features/commute/blocks'
import { KycPrompt } from '@/features/kyc/blocks'
import { TripSafety, TripSosBanner } from '@/features/safety/blocks'
import * as trips from '@/features/trips/screens'

export { Co2SavedScreen, EditTripScreen, SearchResultScreen, SearchTripScreen } from '@/features/trips/screens'

const cabBlock = (trip: Trip) => <TripCab trip={trip} />
const safetyBlock = (trip: Trip) => <TripSafety trip={trip} />
const sosBanner = (trip: Trip) => <TripSosBanner trip={trip} />

export function TripScreen() {
  return <trips.TripScreen cabBlock={cabBlock} safetyBlock={safetyBlock} sosBanner={sosBanner} />
}

export function CreateTripScreen() {
  return <trips.CreateTripScreen hostPrompt={<KycPrompt />} />
}

export function TripsScreen() {
  return <trips.TripsScreen hostingBlock={<CommuteList />} />
}
