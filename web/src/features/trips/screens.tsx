import { SimplePage } from '@/components/SimplePage'
import { paths } from '@/config/paths'

export { CreateTripScreen } from './components/CreateTripScreen'
export { EditTripScreen } from './components/EditTripScreen'
export { SearchResultScreen } from './components/SearchResultScreen'
export { SearchTripScreen } from './components/SearchTripScreen'
export { TripScreen } from './components/TripScreen'
export { TripsScreen } from './components/TripsScreen'

export function Co2SavedScreen() {
  return <SimplePage title="CO2 Saved" backTo={paths.profile} />
}
