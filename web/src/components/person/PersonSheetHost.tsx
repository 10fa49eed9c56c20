import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { closePerson, personSheetStore } from './person-sheet-store'

// The sheet's code (the profile card, the dialog) arrives only when someone first opens a profile: the shell that
// hosts it is on every first paint.
const PersonSheet = lazy(() => import('./PersonSheet').then((module) => ({ default: module.PersonSheet })))

/** The profile sheet of whoever was tapped, drawn over the current screen; Back closes it and the screen behind keeps
 * its state. Leaving the screen (See Reviews) closes it too. */
export function PersonSheetHost() {
  const person = useSyncExternalStore(personSheetStore.subscribe, personSheetStore.snapshot)
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    closePerson()
  }, [pathname])
  useEffect(() => closePerson, [])
  return person ? (
    <Suspense fallback={null}>
      <PersonSheet key={`${person.id}`} person={person} onClose={closePerson} />
    </Suspense>
  ) : null
}
