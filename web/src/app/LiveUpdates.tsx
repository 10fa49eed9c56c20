import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { matchPath, useLocation } from 'react-router'
import { paths } from '@/config/paths'
import type { LiveFollow } from '@/lib/live'

const TRIP_SHEET = paths.trip(':tripId')

/**
 * Keeps every open screen current while signed in (lib/live.ts), and tells the socket which trip's sheet is on
 * screen, so it follows that trip whoever the person is on it. Loaded after the first paint: the socket is not
 * needed to draw the screen.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const tripOnScreen = matchPath(TRIP_SHEET, pathname)?.params.tripId ?? null
  const live = useRef<LiveFollow | null>(null)
  const followed = useRef(tripOnScreen)
  followed.current = tripOnScreen

  useEffect(() => {
    let unmounted = false
    void import('@/lib/live').then(({ followLiveChanges }) => {
      if (unmounted) return
      live.current = followLiveChanges(queryClient)
      live.current.followTrip(followed.current)
    })
    return () => {
      unmounted = true
      live.current?.stop()
      live.current = null
    }
  }, [queryClient])

  useEffect(() => {
    live.current?.followTrip(tripOnScreen)
  }, [tripOnScreen])
  return null
}
