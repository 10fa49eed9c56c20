import { SimplePage } from '@/components/SimplePage'

export function CabBookingScreen() {
  return <SimplePage title="Cab Booking" />
}
