/** Every address of the app in one place (SPEC §2 route table). */
export const paths = {
  root: '/',
  login: '/login',
  otp: '/login/otp',
  userDetails: '/user-details',
  userDetailsEdit: '/user-details-edit',
  kyc: '/kyc',
  kycOutcome: (outcome: string) => `/kyc/${outcome}`,
  home: '/home',
  trip: (tripId: string | number) => `/trip/${tripId}`,
  chat: '/chat',
  chatRoom: (chatId: string | number) => `/chat-room/${chatId}`,
  profile: '/profile',
  settings: '/profile/settings',
  helpAndFeedback: '/profile/help-and-feedback',
  contactUs: '/profile/contact-us',
  myReview: '/profile/my-review',
  otherProfile: (userId: string | number) => `/profile/${userId}`,
  rating: (tripId: string | number) => `/rating/${tripId}`,
  trips: '/trips',
  notifications: '/notifications',
  createTrip: '/create-trip',
  editTrip: '/edit-trip',
  searchTrip: '/search-trip',
  searchResult: '/search-trip/result',
  cabBooking: '/cab/booking',
  linkedInCallback: '/linkedin/callback',
  userReview: (userId: string | number) => `/user-review/${userId}`,
  co2Saved: '/co2-saved',
  emergencyContacts: '/emergency-contacts',
  sharedTrip: (token: string) => `/t/${token}`,
  terms: '/legal/terms.html',
  privacy: '/legal/privacy.html',
} as const

/** Pages a signed-out visitor may see: these, and every page under a public prefix. */
export const publicPaths: readonly string[] = [paths.root, paths.login, paths.otp]
/** A trip's live link (/t/{token}), read by whoever has it, signed in or not. */
const publicPrefixes: readonly string[] = [paths.sharedTrip('')]

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return publicPaths.includes(path) || publicPrefixes.some((prefix) => path.startsWith(prefix))
}
