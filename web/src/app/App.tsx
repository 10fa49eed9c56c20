import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { createAppRouter } from './router'
import { isPublicPath, paths } from '@/config/paths'
import { queryClient, setUnauthorizedHandler } from '@/lib/query-client'
import { rememberRedirectTarget } from '@/lib/redirect'
import { markSignedOut } from '@/lib/session'

function createRouterWithSessionHandling() {
  const router = createAppRouter()
  // Any 401 from the API means the session is over: remember where the person was, then ask them to sign in.
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location
    if (isPublicPath(pathname)) return
    rememberRedirectTarget(pathname + search)
    markSignedOut(queryClient)
    void router.navigate(paths.login, { replace: true }).then(() => queryClient.removeQueries({ queryKey: ['user'] }))
  })
  return router
}

export function App() {
  const [router] = useState(createRouterWithSessionHandling)
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
