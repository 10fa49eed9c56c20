/** What the cab feature draws inside other screens; the app sets each one in its place. */
export { TripCab } from './components/TripCab'
