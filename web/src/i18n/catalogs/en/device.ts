import { addEnglish } from '@/i18n/english'

/** What the phone or browser allowed or refused: its location, its clipboard, its push service (src/lib/location.ts,
 * share.ts, push-failure.ts). */
export default addEnglish('device', {
  copyNotAllowed: 'Copy not allowed: select the text and copy it',
  locationFetchFailed: 'Failed to fetch location. Please enter manually.',
  locationPermissionNeeded: 'Please allow location permission to fetch location',
  locationPermissionProblem: 'Error fetching location. Please check your permissions.',
  pushServiceUnreachable:
    "This browser's push service could not be reached, so notifications cannot be turned on here now. Try again later.",
  pushServerFailed: 'Could Not Subscribe to Notification: our server could not save this device. Try again in a moment.',
} as const)
