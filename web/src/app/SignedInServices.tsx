import { AppUpdatePrompt } from '@/app/AppUpdatePrompt'
import { LiveUpdates } from '@/app/LiveUpdates'
import { PushBridge } from '@/app/PushBridge'
import type { Config, User } from '@/lib/session'

/**
 * What runs beside the signed-in screens: the update prompt, the link with the service worker's pushes and the live
 * updates. None of it draws the screen, so the guard loads it after the first paint (./guards/ProtectedLayout.tsx).
 */
export function SignedInServices({ user, config }: { user: User; config: Config }) {
  return (
    <>
      <AppUpdatePrompt config={config} />
      <PushBridge user={user} config={config} />
      <LiveUpdates />
    </>
  )
}
