import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The import boundaries live in eslint.config.js. These cases lint made-up files against the real config, so a
 * change that quietly disarms the rule (a path that no longer resolves, a zone that no longer matches) fails here.
 * Every import names a file that exists: an import that cannot be resolved is not checked at all.
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
