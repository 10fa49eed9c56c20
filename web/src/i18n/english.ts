import type { Area, Catalog } from './catalog'

/**
 * English as the app has it now: the first paint's areas from the start (catalogs/en/index.ts), and each other area
 * once a screen that uses it has loaded, since the screen imports it (areas.test.ts holds every file to that).
 */
export const english: Catalog = {}

/** Adds an English area under 'area.key' names; an area file's default export is its call. */
export function addEnglish<const Messages extends Area>(area: string, messages: Messages): Messages {
  for (const [key, message] of Object.entries(messages)) english[`${area}.${key}`] = message
  return messages
}
