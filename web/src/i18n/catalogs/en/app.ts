import { addEnglish } from '@/i18n/english'

/** The app shell: loading, errors, the offline banner, updates. */
export default addEnglish('app', {
  loading: 'Loading Humsafar',
  crashed: 'Uh oh, something went terribly wrong',
  reload: 'Reload App',
  notFound: 'Page Not Found',
  notFoundDetail: 'The page you are looking for does not exist.',
  goHome: 'Go To Home',
  loadFailed: 'Some error occur!',
  checkConnection: 'Check your connection and try again.',
  tryAgain: 'Try Again',
  offline: 'You are offline',
  userLoadFailed: 'Unable to load user details',
  offlineBanner: 'You are offline. Nothing you do is sent until you are back online.',
  updateAvailable: 'Update available',
  updateForced: 'This version of Humsafar is no longer supported. Please update to continue.',
  updateOptional: 'A newer version of Humsafar is ready with improvements and fixes.',
  updating: 'Updating…',
  update: 'Update',
  later: 'Later',
} as const)
