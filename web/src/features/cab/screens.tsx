export { CabBookingScreen } from './components/CabBookingScreen'
