import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The import boundaries live in eslint.config.js. These cases lint made-up files against the real config, so a
 * change that quietly disarms the rule (a path that no longer resolves, a zone that no longer matches) fails here.
 * Every import names a file that exists: an import that cannot be resolved is not checked at all. Below them, a read
 * of the sources holds what a zone cannot: each endpoint is called from one module, and each block the app sets in
 * another feature's screen is drawn by the feature that owns it.
 */
// The folder above src/; cut from this file's own path because the test DOM resolves relative URLs against its page.
const thisFile = decodeURIComponent(new URL(import.meta.url).pathname)
const webRoot = thisFile.slice(0, thisFile.lastIndexOf('/src/'))
const eslint = new ESLint({ cwd: webRoot })

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

describe('import boundaries', () => {
  it('stop a feature importing another feature by a relative path', async () => {
    const errors = await boundaryErrors(
      'src/features/home/components/Probe.tsx',
      "import { useCreateTrip } from '../../trips/api/trips'\nexport const probe = useCreateTrip\n",
    )
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')])
  })

  it('stop a feature importing another feature through the @ alias', async () => {
    const errors = await boundaryErrors(
      'src/features/home/components/Probe.tsx',
      "export { useCreateTrip } from '@/features/trips/api/trips'\n",
    )
    expect(errors).toHaveLength(1)
  })

  it('tell apart features whose names share a beginning', async () => {
    const errors = await boundaryErrors(
      'src/features/profile/components/Probe.tsx',
      "export { useUpdateProfile } from '@/features/profile-setup/api/update-profile'\n",
    )
    expect(errors).toHaveLength(1)
  })

  it('stop shared code importing a feature or the app shell', async () => {
    const fromLib = await boundaryErrors('src/lib/probe.ts', "export { prefetchHome } from '@/features/home/screens'\n")
    const fromComponents = await boundaryErrors('src/components/Probe.tsx', "export { App } from '../app/App'\n")
    expect(fromLib).toEqual([expect.stringContaining('Shared code never imports a feature')])
    expect(fromComponents).toEqual([expect.stringContaining('Shared code never imports a feature')])
  })

  it('keep src/lib plain logic: it imports no component', async () => {
    const byAlias = await boundaryErrors('src/lib/probe.ts', "export { formatClock } from '@/components/trip/trip'\n")
    const byPath = await boundaryErrors('src/lib/probe.ts', "export { Dialog } from '../components/Dialog'\n")
    expect(byAlias).toEqual([expect.stringContaining('src/lib is plain logic')])
    expect(byPath).toEqual([expect.stringContaining('src/lib is plain logic')])
  })

  it('let a shared component use src/lib', async () => {
    const errors = await boundaryErrors('src/components/Probe.tsx', "export { TRIPS_KEY } from '@/lib/trips'\n")
    expect(errors).toEqual([])
  })

  it('let the app compose a feature with another feature’s block', async () => {
    const errors = await boundaryErrors(
      'src/app/probe.tsx',
      "export { TripScreen } from '@/features/trips/screens'\nexport { TripCab } from '@/features/cab/blocks'\n",
    )
    expect(errors).toEqual([])
  })

  it('stop a feature drawing another feature’s block itself', async () => {
    const errors = await boundaryErrors('src/features/trips/components/Probe.tsx', "export { TripCab } from '@/features/cab/blocks'\n")
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')])
  })

  it('let a feature import its own files and the shared folders', async () => {
    const errors = await boundaryErrors(
      'src/features/home/components/Probe.tsx',
      [
        "export { aroundWindow } from '../api/around-trips'",
        "export { prefetchHome } from '@/features/home/screens'",
        "export { TRIPS_KEY } from '@/lib/trips'",
        "export { TripCard } from '@/components/trip/TripCard'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })
}, 30_000)

/** Every source file under src/ but the tests and the generated ones, by its path from src/. */
const sources = Object.entries(
  import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./generated/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => [path.slice('./'.length), text] as const)

const filesMentioning = (text: string | RegExp): string[] =>
  sources
    .filter(([, source]) => (typeof text === 'string' ? source.includes(text) : text.test(source)))
    .map(([path]) => path)
    .sort()

/** A call's address as code writes it, in quotes or a template, not as a comment names it. */
const calling = (address: string) => new RegExp(`['\`]${address}`)

describe('each call and each block has one home', () => {
  it('call the cab endpoints from the cab feature’s one API module', () => {
    expect(filesMentioning(calling('/api/trip/cab/'))).toEqual(['features/cab/api/cab.ts'])
  })

  it('call the commute endpoints from one module, shared by the create-trip form and the commute list', () => {
    expect(filesMentioning(calling('/api/trip/recurring'))).toEqual(['lib/commutes.ts'])
  })

  it('call the safety endpoints from the safety feature’s one API module', () => {
    for (const address of ['/api/user/emergency-contacts', '/api/trip/share/', '/api/trip/shared/', '/api/trip/sos/']) {
      expect(filesMentioning(calling(address))).toEqual(['features/safety/api/safety.ts'])
    }
  })

  it('draw each block of another feature’s screen in the feature that owns it', () => {
    expect(filesMentioning('"trip-cab"')).toEqual(['features/cab/components/TripCab.tsx'])
    expect(filesMentioning('"kyc-prompt"')).toEqual(['features/kyc/components/KycPrompt.tsx'])
    expect(filesMentioning('"commute"')).toEqual(['features/commute/components/CommuteList.tsx'])
    expect(filesMentioning('"trip-safety"')).toEqual(['features/safety/components/TripSafety.tsx'])
  })
})
