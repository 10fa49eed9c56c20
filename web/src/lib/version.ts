import { LIMITS } from '@/generated/rules'

export const CLIENT_VERSION: string = LIMITS.CLIENT_VERSION

function parts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split(/[.-]/)
    .map((part) => Number.parseInt(part, 10))
    .map((part) => (Number.isFinite(part) ? part : 0))
}

/** Negative when a is older than b, positive when newer, 0 when equal ("1.0" equals "1.0.0"). */
export function compareVersions(a: string, b: string): number {
  const left = parts(a)
  const right = parts(b)
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0)
    if (difference !== 0) return Math.sign(difference)
  }
  return 0
}

export type UpdateStatus = 'forced' | 'optional' | 'none'

/** Older than the minimum: the update is forced. Older than the latest: it is offered. */
export function updateStatus(
  config: { minimum_client_version?: string | null; latest_client_version?: string | null },
  current: string = CLIENT_VERSION,
): UpdateStatus {
  if (config.minimum_client_version && compareVersions(current, config.minimum_client_version) < 0) return 'forced'
  if (config.latest_client_version && compareVersions(current, config.latest_client_version) < 0) return 'optional'
  return 'none'
}
