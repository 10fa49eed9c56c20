import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useAnswersFollowLanguage } from '@/app/answers-follow-language'
import { LoadFailed } from '@/app/LoadFailed'
import { AfterFirstPaint } from '@/components/AfterFirstPaint'
import { Splash } from '@/components/Splash'
import { paths } from '@/config/paths'
import { useProfileLanguage } from '@/i18n/profile-language'
import { isUnauthorized } from '@/lib/api'
import { requestLocationPermission } from '@/lib/location'
import { afterProfileState, afterProfileTarget, forgetRedirectTarget } from '@/lib/redirect'
import { configQueryOptions, userQueryOptions } from '@/lib/session'
import { storage } from '@/lib/storage'
import { isProfileComplete, protectedRedirect, shouldAskForLocation } from './guard-logic'

// The update prompt, the push bridge and live updates draw nothing of the screen: their code comes after its paint.
const SignedInServices = lazy(() =>
  import('@/app/SignedInServices').then((module) => ({ default: module.SignedInServices })),
)

function useLocationPermissionPrompt(pathname: string, enabled: boolean) {
  const asking = useRef(false)
  useEffect(() => {
    if (!enabled || asking.current || !shouldAskForLocation(pathname, Boolean(storage.locationDenied.get()))) return
    asking.current = true
    void requestLocationPermission().finally(() => {
      asking.current = false
    })
  }, [pathname, enabled])
}

/**
 * Pages for signed-in people: loads the user and the configuration behind a splash, sends a signed-out visitor to
 * /login (the 401 handler remembers where they wanted to go) and an incomplete profile to /user-details, which
 * carries the page they wanted in its router state and leads there once the profile is complete.
 */
export function ProtectedLayout() {
  const { pathname, search, state } = useLocation()
  const user = useQuery(userQueryOptions())
  const config = useQuery(configQueryOptions())
  useProfileLanguage(user.data, user.data != null && !isProfileComplete(user.data))
  useAnswersFollowLanguage()
  // The screen behind the guard is drawn as a transition once both have arrived, in slices that keep the page
  // responsive, instead of in one long task.
  const ready = useDeferredValue(user.isSuccess && config.isSuccess)
  useLocationPermissionPrompt(pathname, ready)
  // The person is inside: the page remembered at the login has been reached (or is carried on by profile setup).
  useEffect(() => {
    if (ready) forgetRedirectTarget()
  }, [ready])

  const waitingForNetwork = !ready && (user.fetchStatus === 'paused' || config.fetchStatus === 'paused')
  if (waitingForNetwork) return <LoadFailed reason="app.offline" onRetry={() => window.location.reload()} />

  const error = user.error ?? config.error
  if (error && !ready) {
    if (isUnauthorized(error)) return <Splash />
    return (
      <LoadFailed
        reason={user.error ? 'app.userLoadFailed' : undefined}
        onRetry={() => {
          if (user.error) void user.refetch()
          if (config.error) void config.refetch()
        }}
      />
    )
  }
  if (!ready || !user.data || !config.data) return <Splash />

  const target = protectedRedirect(pathname, user.data, afterProfileTarget(state))
  if (target === paths.userDetails) {
    return <Navigate to={target} replace state={afterProfileState(pathname + search)} />
  }
  if (target) return <Navigate to={target} replace />

  return (
    <>
      <Outlet />
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <SignedInServices user={user.data} config={config.data} />
        </Suspense>
      </AfterFirstPaint>
    </>
  )
}
