import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * Keeps every open screen current while signed in (lib/live.ts). Loaded after the first paint: the socket is not
 * needed to draw the screen.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stop: (() => void) | null = null
    let unmounted = false
    void import('@/lib/live').then(({ followLiveChanges }) => {
      if (!unmounted) stop = followLiveChanges(queryClient)
    })
    return () => {
      unmounted = true
      stop?.()
    }
  }, [queryClient])
  return null
}
