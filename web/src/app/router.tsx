import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router'
import { RootLayout } from './RootLayout'
import { PublicOnlyLayout, RootRedirect } from './guards/PublicOnlyLayout'
import { isPublicPath } from '@/config/paths'
import { queryClient } from '@/lib/query-client'
import { configQueryOptions, userQueryOptions } from '@/lib/session'

type Screen = LazyExoticComponent<ComponentType>

/** A screen downloaded only when it is first shown; screens of one feature share one download. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): Screen {
  return lazy(async () => ({ default: (await load())[name] }))
}

const auth = () => import('@/features/auth/screens')
const profileSetup = () => import('@/features/profile-setup/screens')
const home = () => import('@/features/home/screens')
const profile = () => import('@/features/profile/screens')
const kyc = () => import('@/features/kyc/screens')
// The trips screens come with the blocks other features draw in them (./trip-screens).
const trips = () => import('./trip-screens')
const chat = () => import('@/features/chat/screens')
const notifications = () => import('@/features/notifications/screens')
const cab = () => import('@/features/cab/screens')
const reviews = () => import('@/features/reviews/screens')
const linkedIn = () => import('@/features/linkedin/screens')
const safety = () => import('@/features/safety/screens')
const protectedLayout = () => import('./guards/ProtectedLayout')
const notFound = () => import('./NotFoundScreen')

const ProtectedLayout = screen(protectedLayout, 'ProtectedLayout')
const HomeScreen = screen(home, 'HomeScreen')
const Co2SavedScreen = screen(trips, 'Co2SavedScreen')
const SearchResultScreen = screen(trips, 'SearchResultScreen')
const SearchTripScreen = screen(trips, 'SearchTripScreen')
const EditTripScreen = screen(trips, 'EditTripScreen')
const CreateTripScreen = screen(trips, 'CreateTripScreen')
const TripsScreen = screen(trips, 'TripsScreen')
const TripScreen = screen(trips, 'TripScreen')
const LoginScreen = screen(auth, 'LoginScreen')
const OtpScreen = screen(auth, 'OtpScreen')
const CreateProfileScreen = screen(profileSetup, 'CreateProfileScreen')
const EditProfileScreen = screen(profileSetup, 'EditProfileScreen')
const ProfileHubScreen = screen(profile, 'ProfileHubScreen')
const SettingsScreen = screen(profile, 'SettingsScreen')
const HelpAndFeedbackScreen = screen(profile, 'HelpAndFeedbackScreen')
const ContactUsScreen = screen(profile, 'ContactUsScreen')
const MyReviewsScreen = screen(reviews, 'MyReviewsScreen')
const OtherProfileScreen = screen(profile, 'OtherProfileScreen')
const KycScreen = screen(kyc, 'KycScreen')
const KycSuccessScreen = screen(kyc, 'KycSuccessScreen')
const KycOutcomeScreen = screen(kyc, 'KycOutcomeScreen')
const ChatListScreen = screen(chat, 'ChatListScreen')
const ChatRoomScreen = screen(chat, 'ChatRoomScreen')
const NotificationsScreen = screen(notifications, 'NotificationsScreen')
const CabBookingScreen = screen(cab, 'CabBookingScreen')
const RatingScreen = screen(reviews, 'RatingScreen')
const UserReviewsScreen = screen(reviews, 'UserReviewsScreen')
const LinkedInCallbackScreen = screen(linkedIn, 'LinkedInCallbackScreen')
const EmergencyContactsScreen = screen(safety, 'EmergencyContactsScreen')
const SharedTripScreen = screen(safety, 'SharedTripScreen')
const NotFoundScreen = screen(notFound, 'NotFoundScreen')

/** The address's own screens, fetched while the app starts instead of after the session has been checked. */
const FIRST_SCREEN: readonly [prefix: string, load: () => Promise<unknown>][] = [
  ['/login', auth],
  ['/user-details', profileSetup],
  ['/home', home],
  ['/trip/', trips],
  ['/trips', trips],
  ['/create-trip', trips],
  ['/edit-trip', trips],
  ['/search-trip', trips],
  ['/co2-saved', trips],
  ['/profile', profile],
  ['/kyc', kyc],
  ['/chat', chat],
  ['/notifications', notifications],
  ['/cab', cab],
  ['/rating', reviews],
  ['/user-review', reviews],
  ['/linkedin', linkedIn],
  ['/emergency-contacts', safety],
  ['/t/', safety],
]

/** The first screen's code and, for a signed-in screen, the person and configuration its guard waits for. */
export function preloadFirstScreen(pathname: string): void {
  const ignore = () => undefined
  if (!isPublicPath(pathname)) {
    void queryClient.prefetchQuery(userQueryOptions())
    void queryClient.prefetchQuery(configQueryOptions())
    void protectedLayout().catch(ignore)
    // The trip sheet is drawn over home.
    if (pathname.startsWith('/trip/')) void home().catch(ignore)
  }
  if (pathname === '/home') {
    void home()
      .then((screens) => screens.prefetchHome(queryClient))
      .catch(ignore)
    return
  }
  const match = FIRST_SCREEN.find(([prefix]) => pathname.startsWith(prefix))
  if (match) void match[1]().catch(ignore)
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<RootRedirect />} />
        <Route element={<PublicOnlyLayout />}>
          <Route path="login" Component={LoginScreen} />
          <Route path="login/otp" Component={OtpScreen} />
        </Route>
        <Route Component={ProtectedLayout}>
          <Route path="user-details" Component={CreateProfileScreen} />
          <Route path="user-details-edit" Component={EditProfileScreen} />
          {/* The trip sheet is drawn over home, which stays mounted underneath while it is open. */}
          <Route Component={HomeScreen}>
            <Route path="home" />
            <Route path="trip/:tripId" Component={TripScreen} />
          </Route>
          <Route path="profile" Component={ProfileHubScreen} />
          <Route path="profile/settings" Component={SettingsScreen} />
          <Route path="profile/help-and-feedback" Component={HelpAndFeedbackScreen} />
          <Route path="profile/contact-us" Component={ContactUsScreen} />
          <Route path="profile/my-review" Component={MyReviewsScreen} />
          <Route path="profile/:userId" Component={OtherProfileScreen} />
          <Route path="kyc" Component={KycScreen} />
          <Route path="kyc/success" Component={KycSuccessScreen} />
          <Route path="kyc/:outcome" Component={KycOutcomeScreen} />
          <Route path="trips" Component={TripsScreen} />
          <Route path="create-trip" Component={CreateTripScreen} />
          <Route path="edit-trip" Component={EditTripScreen} />
          <Route path="search-trip" Component={SearchTripScreen} />
          <Route path="search-trip/result" Component={SearchResultScreen} />
          <Route path="co2-saved" Component={Co2SavedScreen} />
          <Route path="chat" Component={ChatListScreen} />
          <Route path="chat-room/:chatId" Component={ChatRoomScreen} />
          <Route path="notifications" Component={NotificationsScreen} />
          <Route path="cab/booking" Component={CabBookingScreen} />
          <Route path="rating/:tripId" Component={RatingScreen} />
          <Route path="user-review/:userId" Component={UserReviewsScreen} />
          <Route path="linkedin/callback" Component={LinkedInCallbackScreen} />
          <Route path="emergency-contacts" Component={EmergencyContactsScreen} />
        </Route>
        {/* A trip's live link: for whoever has it, signed in or not. */}
        <Route path="t/:token" Component={SharedTripScreen} />
        <Route path="*" Component={NotFoundScreen} />
      </Route>
    </Routes>
  )
}
