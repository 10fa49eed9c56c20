import { MESSAGES } from '@/generated/rules'

/** The app shell: loading, errors, the offline banner, updates. */
export default {
  loading: 'Loading Humsafar',
  crashed: MESSAGES.APP_CRASHED,
  reload: 'Reload App',
  notFound: MESSAGES.PAGE_NOT_FOUND,
  notFoundDetail: 'The page you are looking for does not exist.',
  goHome: 'Go To Home',
  loadFailed: MESSAGES.FALLBACK_ERROR,
  checkConnection: 'Check your connection and try again.',
  tryAgain: 'Try Again',
  offline: 'You are offline',
  userLoadFailed: 'Unable to load user details',
  offlineBanner: MESSAGES.OFFLINE_BANNER,
  updateAvailable: 'Update available',
  updateForced: 'This version of Humsafar is no longer supported. Please update to continue.',
  updateOptional: 'A newer version of Humsafar is ready with improvements and fixes.',
  updating: 'Updating…',
  update: 'Update',
  later: 'Later',
} as const
