import { addEnglish } from '@/i18n/english'

/**
 * The sentences of domain/rules messages the app uses itself, not in an answer of the API (which words its own
 * answers in the language the app asks for): said on the device (an action refused offline), or an answer the app
 * recognises. Written here rather than read from the generated MESSAGES, so the first paint carries these few and
 * not all of them; catalogs.test.ts holds each equal to its MESSAGES sentence.
 */
export const APP_MESSAGES = addEnglish('messages', {
  FALLBACK_ERROR: 'Some error occur!',
  OFFLINE_ACTION_REFUSED: 'You are offline, so this was not sent. Try again once you are back online.',
  CSRF_REFUSED: 'Request refused. Please reload the app and try again.',
  NOTIFICATION_SUBSCRIBE_FAILED: 'Could Not Subscribe to Notification',
  NOTIFICATION_PERMISSION_DENIED:
    'Permission not granted for notification. Please change your app settings and try again.',
  NOTIFICATION_UNSUPPORTED: 'Your browser does not support notification',
  SERVICE_WORKER_UNSUPPORTED: 'Service worker not supported',
  OTP_TOO_MANY_TRIES: 'Too many wrong attempts. Please request a new OTP.',
  OTP_EXPIRED: 'OTP has expired. Please request a new one.',
  OTP_LOGIN_TOKEN_INVALID: 'This OTP is no longer valid. Please request a new one.',
} as const)

export default APP_MESSAGES
