import { Link } from 'react-router'
import { SimplePage } from '@/components/SimplePage'
import { paths } from '@/config/paths'

export function TripsScreen() {
  return (
    <SimplePage title="Trips" emptyTitle="No upcoming trips!">
      <Link className="btn btn-primary btn-small" to={paths.createTrip}>
        Create Trip
      </Link>
      <Link className="btn btn-secondary btn-small" to={paths.searchTrip}>
        Search Trip
      </Link>
    </SimplePage>
  )
}

export function TripScreen() {
  return <SimplePage title="Trip" emptyTitle="Trip not found" backTo={paths.home} />
}

export function CreateTripScreen() {
  return <SimplePage title="Create Trip" />
}

export function EditTripScreen() {
  return <SimplePage title="Edit Trip" />
}

export function SearchTripScreen() {
  return <SimplePage title="Search Trip" />
}

export function SearchResultScreen() {
  return <SimplePage title="Search Results" backTo={paths.searchTrip} />
}

export function Co2SavedScreen() {
  return <SimplePage title="CO2 Saved" backTo={paths.profile} />
}
