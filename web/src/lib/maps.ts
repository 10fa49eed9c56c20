/** Place lookups by name and by position: trips pick their places with them, home names where you are. */
import type { components } from '@/generated/api'
import { getData } from '@/lib/api-client'
import type { Coordinates } from '@/lib/location'

type Schemas = components['schemas']
export type Suggestion = Schemas['PlaceSuggestionPublic']

/** Places whose names match what was typed, nearest to `near` first. */
export const autocomplete = (text: string, near: Coordinates, signal?: AbortSignal) =>
  getData('/api/trip/maps/autocomplete', { query: { lat: near.lat, long: near.long, s: text }, signal })

/** The coordinates of a suggested place. */
export const placeCoordinates = (placeId: string, signal?: AbortSignal) =>
  getData('/api/trip/maps/place', { query: { id: placeId }, signal })

/** The named place nearest some coordinates. */
export const geocode = ({ lat, long }: Coordinates, signal?: AbortSignal) =>
  getData('/api/trip/maps/geocode', { query: { lat, long }, signal })
