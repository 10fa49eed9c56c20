import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

const afterNavigation: Array<() => void> = []

/** Runs once the next screen has been shown, e.g. to forget cached data only after the screens using it are gone. */
export function afterNextNavigation(run: () => void): void {
  afterNavigation.push(run)
}

/** A new screen starts at its top; going back keeps the browser's own scroll position. */
export function useNavigationEffects(): void {
  const location = useLocation()
  const navigationType = useNavigationType()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) first.current = false
    else if (navigationType !== 'POP') window.scrollTo(0, 0)
    for (const run of afterNavigation.splice(0)) run()
  }, [location.key, navigationType])
}
