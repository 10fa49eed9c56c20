import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import { ErrorScreen } from './ErrorScreen'
import { RootLayout } from './RootLayout'
import { ProtectedLayout } from './guards/ProtectedLayout'
import { PublicOnlyLayout, RootRedirect } from './guards/PublicOnlyLayout'
import { Splash } from '@/components/Splash'

/** A route whose screen is downloaded only when it is visited. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] })
}

const auth = () => import('@/features/auth/screens')
const profileSetup = () => import('@/features/profile-setup/screens')
const home = () => import('@/features/home/screens')
const profile = () => import('@/features/profile/screens')
const kyc = () => import('@/features/kyc/screens')
const trips = () => import('@/features/trips/screens')
const chat = () => import('@/features/chat/screens')
const notifications = () => import('@/features/notifications/screens')
const cab = () => import('@/features/cab/screens')
const reviews = () => import('@/features/reviews/screens')
const linkedIn = () => import('@/features/linkedin/screens')

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: ErrorScreen,
      HydrateFallback: Splash,
      children: [
        { index: true, Component: RootRedirect },
        {
          Component: PublicOnlyLayout,
          children: [
            { path: 'login', lazy: screen(auth, 'LoginScreen') },
            { path: 'login/otp', lazy: screen(auth, 'OtpScreen') },
          ],
        },
        {
          Component: ProtectedLayout,
          children: [
            { path: 'user-details', lazy: screen(profileSetup, 'CreateProfileScreen') },
            { path: 'user-details-edit', lazy: screen(profileSetup, 'EditProfileScreen') },
            {
              // The trip sheet is drawn over home, which stays mounted underneath while it is open.
              lazy: screen(home, 'HomeScreen'),
              children: [
                { path: 'home' },
                { path: 'trip/:tripId', lazy: screen(trips, 'TripScreen') },
              ],
            },
            { path: 'profile', lazy: screen(profile, 'ProfileHubScreen') },
            { path: 'profile/settings', lazy: screen(profile, 'SettingsScreen') },
            { path: 'profile/help-and-feedback', lazy: screen(profile, 'HelpAndFeedbackScreen') },
            { path: 'profile/contact-us', lazy: screen(profile, 'ContactUsScreen') },
            { path: 'profile/my-review', lazy: screen(reviews, 'MyReviewsScreen') },
            { path: 'profile/:userId', lazy: screen(profile, 'OtherProfileScreen') },
            { path: 'kyc', lazy: screen(kyc, 'KycScreen') },
            { path: 'kyc/success', lazy: screen(kyc, 'KycSuccessScreen') },
            { path: 'kyc/:outcome', lazy: screen(kyc, 'KycOutcomeScreen') },
            { path: 'trips', lazy: screen(trips, 'TripsScreen') },
            { path: 'create-trip', lazy: screen(trips, 'CreateTripScreen') },
            { path: 'edit-trip', lazy: screen(trips, 'EditTripScreen') },
            { path: 'search-trip', lazy: screen(trips, 'SearchTripScreen') },
            { path: 'search-trip/result', lazy: screen(trips, 'SearchResultScreen') },
            { path: 'co2-saved', lazy: screen(trips, 'Co2SavedScreen') },
            { path: 'chat', lazy: screen(chat, 'ChatListScreen') },
            { path: 'chat-room/:chatId', lazy: screen(chat, 'ChatRoomScreen') },
            { path: 'notifications', lazy: screen(notifications, 'NotificationsScreen') },
            { path: 'cab/booking', lazy: screen(cab, 'CabBookingScreen') },
            { path: 'rating/:tripId', lazy: screen(reviews, 'RatingScreen') },
            { path: 'user-review/:userId', lazy: screen(reviews, 'UserReviewsScreen') },
            { path: 'linkedin/callback', lazy: screen(linkedIn, 'LinkedInCallbackScreen') },
          ],
        },
        { path: '*', lazy: screen(() => import('./NotFoundScreen'), 'NotFoundScreen') },
      ],
    },
  ])
}

export type AppRouter = ReturnType<typeof createAppRouter>
