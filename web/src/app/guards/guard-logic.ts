import { paths } from '@/config/paths'
import type { User } from '@/lib/session'

/** A profile needs a name, a gender and a date of birth before the app opens. */
export function isProfileComplete(user: Pick<User, 'name' | 'gender' | 'dob'>): boolean {
  return Boolean(user.name?.trim() && user.gender && user.dob)
}

/**
 * Where a signed-in user must go instead of `pathname`, or null to stay. A complete profile on the profile-setup
 * screen goes on to `afterProfile`: the page a new person wanted before setting it up, else home.
 */
export function protectedRedirect(
  pathname: string,
  user: Pick<User, 'name' | 'gender' | 'dob'>,
  afterProfile: string = paths.home,
): string | null {
  const complete = isProfileComplete(user)
  if (!complete && pathname !== paths.userDetails) return paths.userDetails
  if (complete && pathname === paths.userDetails) return afterProfile
  return null
}

/** Location permission is asked on every page but home, until it has been refused once. */
export function shouldAskForLocation(pathname: string, refusedBefore: boolean): boolean {
  return pathname !== paths.home && !refusedBefore
}
