import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { BrowserRouter, useNavigate } from 'react-router'
import { ErrorBoundary } from './ErrorScreen'
import { AppRoutes } from './router'
import { isPublicPath, paths } from '@/config/paths'
import { I18nProvider } from '@/i18n'
import { afterNextNavigation } from '@/lib/navigation'
import { queryClient, setUnauthorizedHandler } from '@/lib/query-client'
import { rememberRedirectTarget } from '@/lib/redirect'
import { markSignedOut, userQueryOptions } from '@/lib/session'

/** Any 401 from the API means the session is over: remember where the person was, then ask them to sign in. */
function SessionExpiry() {
  const navigate = useNavigate()
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search } = window.location
      if (isPublicPath(pathname)) return
      rememberRedirectTarget(pathname + search)
      markSignedOut(queryClient)
      afterNextNavigation(() => queryClient.removeQueries({ queryKey: userQueryOptions().queryKey }))
      void navigate(paths.login, { replace: true })
    })
  }, [navigate])
  return null
}

export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ErrorBoundary>
            <SessionExpiry />
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </I18nProvider>
  )
}
