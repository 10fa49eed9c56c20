import type { I18n } from '@/i18n'
import { APP_MESSAGES as MESSAGES } from '@/i18n/catalogs/en/messages'
import { PushSetupError, type PushProblem } from '@/lib/push'
import '@/i18n/catalogs/en/device'

const PROBLEM_KEYS = {
  pushServiceUnreachable: 'device.pushServiceUnreachable',
  pushServerFailed: 'device.pushServerFailed',
} as const satisfies Record<PushProblem, string>

/** What to tell the person when turning notifications on failed (lib/push.ts), in the language. */
export function pushFailureText(error: unknown, { t, message }: Pick<I18n, 't' | 'message'>): string {
  if (error instanceof PushSetupError && error.problem) return t(PROBLEM_KEYS[error.problem])
  return message(error instanceof Error && error.message ? error.message : MESSAGES.NOTIFICATION_SUBSCRIBE_FAILED)
}
