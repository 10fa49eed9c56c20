/**
 * The first part of every cached answer's key, by area: invalidating a root refreshes every answer under it (a list,
 * a search, a sheet alike). The live socket's kinds map onto these (lib/live.ts); features build their keys from them.
 */
export const TRIPS_KEY = ['trips'] as const
export const NOTIFICATIONS_KEY = ['notifications'] as const
export const REVIEWS_KEY = ['reviews'] as const
export const CHAT_KEY = ['chat'] as const
export const CHAT_LIST_KEY = [...CHAT_KEY, 'list'] as const
/** A trip's SOS, the person's own and the standing ones of others: under the trips' key. */
export const SOS_KEY = [...TRIPS_KEY, 'sos'] as const
