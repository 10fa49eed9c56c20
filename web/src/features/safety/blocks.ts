/** What the safety feature draws inside other screens; the app sets each one in its place. */
export { TripSafety } from './components/TripSafety'
export { TripSosBanner } from './components/TripSosBanner'
