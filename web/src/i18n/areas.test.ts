import { describe, expect, it } from 'vitest'
import { FIRST_PAINT_AREAS } from './catalogs/en'

/**
 * Only the first paint's areas are in the app from the start; any other area's English arrives with the code that
 * names its keys. A file naming a key of such an area ('person.loading') without importing the area would show the
 * key itself on a screen opened first.
 */
const areas = Object.keys(import.meta.glob('./catalogs/en/*.ts'))
  .map((path) => path.slice('./catalogs/en/'.length, -'.ts'.length))
  .filter((area) => area !== 'index')
const laterAreas = areas.filter((area) => !(area in FIRST_PAINT_AREAS))

const sources = Object.entries(
  // The runtime's own files are left out: their comments name keys as examples.
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../generated/**', '!./**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => [path.slice('../'.length), text] as const)

const keyOf = (area: string) => new RegExp(`['"\`]${area}\\.\\w+['"\`]`)

describe('catalog areas', () => {
  it('leave the first paint for the screens that need them', () => {
    expect(laterAreas).toEqual(expect.arrayContaining(['auth', 'person', 'settings']))
    expect(Object.keys(FIRST_PAINT_AREAS).sort()).toEqual(['app', 'common', 'messages'])
  })

  it('come with every file that names their keys', () => {
    const missing = sources.flatMap(([path, source]) =>
      laterAreas
        .filter((area) => keyOf(area).test(source) && !source.includes(`@/i18n/catalogs/en/${area}'`))
        .map((area) => `${path} names ${area} keys without importing '@/i18n/catalogs/en/${area}'`),
    )
    expect(missing).toEqual([])
  })
})
