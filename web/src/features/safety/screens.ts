export { EmergencyContactsScreen } from './components/EmergencyContactsScreen'
export { SharedTripScreen } from './components/SharedTripScreen'
