import app from './app'
import type auth from './auth'
import type cab from './cab'
import type chat from './chat'
import common from './common'
import type commute from './commute'
import type device from './device'
import type home from './home'
import type kyc from './kyc'
import type linkedin from './linkedin'
import messages from './messages'
import type notifications from './notifications'
import type person from './person'
import type place from './place'
import type profile from './profile'
import type profileSetup from './profileSetup'
import type reviews from './reviews'
import type safety from './safety'
import type settings from './settings'
import type tripCard from './tripCard'
import type trips from './trips'
import type { Flatten } from '@/i18n/catalog'

export { english as en } from '@/i18n/english'

/**
 * The areas any screen may draw on the first paint, part of the app itself. Every other area's English comes with the
 * code of the screens that use it: each file using an area's keys imports its English (areas.test.ts).
 */
export const FIRST_PAINT_AREAS = { app, common, messages }

/** English, every area: the source every other catalog translates, and the type of the keys. */
export type English = Flatten<{
  app: typeof app
  auth: typeof auth
  cab: typeof cab
  chat: typeof chat
  common: typeof common
  commute: typeof commute
  device: typeof device
  home: typeof home
  kyc: typeof kyc
  linkedin: typeof linkedin
  messages: typeof messages
  notifications: typeof notifications
  person: typeof person
  place: typeof place
  profile: typeof profile
  profileSetup: typeof profileSetup
  reviews: typeof reviews
  safety: typeof safety
  settings: typeof settings
  tripCard: typeof tripCard
  trips: typeof trips
}>
export type Key = keyof English & string
