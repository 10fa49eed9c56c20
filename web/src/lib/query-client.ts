import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, isUnauthorized } from '@/lib/api'

let handleUnauthorized: () => void = () => undefined

/** The app decides what a 401 means (go to /login); the cache only reports it. */
export function setUnauthorizedHandler(handler: () => void): void {
  handleUnauthorized = handler
}

function retry(failureCount: number, error: unknown): boolean {
  // Client errors will not heal by asking again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

export function createQueryClient(): QueryClient {
  // Start from the browser's own view, so a cold start offline pauses queries instead of failing them.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) handleUnauthorized()
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && mutation.meta?.redirectOnUnauthorized !== false) handleUnauthorized()
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 60_000, refetchOnWindowFocus: false },
      // An action tried offline fails at once with its reason (lib/api.ts) instead of waiting, paused, to be sent
      // later without the person seeing it.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

export const queryClient = createQueryClient()
