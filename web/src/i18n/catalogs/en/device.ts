import { addEnglish } from '@/i18n/english'

/** What the phone or browser allowed or refused: its location, its clipboard (src/lib/location.ts, src/lib/share.ts). */
export default addEnglish('device', {
  copyNotAllowed: 'Copy not allowed: select the text and copy it',
  locationFetchFailed: 'Failed to fetch location. Please enter manually.',
  locationPermissionNeeded: 'Please allow location permission to fetch location',
  locationPermissionProblem: 'Error fetching location. Please check your permissions.',
} as const)
