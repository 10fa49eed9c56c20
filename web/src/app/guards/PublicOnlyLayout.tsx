import { useQuery } from '@tanstack/react-query'
import { Navigate, Outlet } from 'react-router'
import { LoadFailed } from '@/app/LoadFailed'
import { Splash } from '@/components/Splash'
import { paths } from '@/config/paths'
import { peekRedirectTarget } from '@/lib/redirect'
import { sessionQueryOptions } from '@/lib/session'

/**
 * The login pages: someone signed in goes on to the page they wanted before signing in (a link they opened signed
 * out), else home. The code screen sends them to the same page, whichever of the two acts first.
 */
export function PublicOnlyLayout() {
  const session = useQuery(sessionQueryOptions())
  if (session.isPending && session.fetchStatus === 'paused') {
    return <LoadFailed reason="app.offline" onRetry={() => window.location.reload()} />
  }
  if (session.isPending) return <Splash />
  if (session.data?.is_logged_in) return <Navigate to={peekRedirectTarget()} replace />
  return <Outlet />
}

/** "/": home for a signed-in person, else login. */
export function RootRedirect() {
  const session = useQuery(sessionQueryOptions())
  if (session.isPending && session.fetchStatus === 'paused') {
    return <LoadFailed reason="app.offline" onRetry={() => window.location.reload()} />
  }
  if (session.isPending) return <Splash />
  return <Navigate to={session.data?.is_logged_in ? paths.home : paths.login} replace />
}
