import { lazy, Suspense, useState } from 'react'
import type { Config } from '@/lib/session'
import { storage } from '@/lib/storage'
import { updateStatus } from '@/lib/version'

// The sheet's code (the dialog, the update itself) arrives only when there is an update to offer.
const UpdateSheet = lazy(() => import('@/components/UpdateSheet').then((module) => ({ default: module.UpdateSheet })))

/** Forced update: a sheet that stays. Optional update: a sheet dismissed once per browser session. */
export function AppUpdatePrompt({ config }: { config: Config }) {
  const status = updateStatus(config)
  const [dismissed, setDismissed] = useState(() => storage.dismissedUpdate.get() === config.latest_client_version)
  if (status === 'none') return null
  const dismiss = () => {
    storage.dismissedUpdate.set(config.latest_client_version)
    setDismissed(true)
  }
  const forced = status === 'forced'
  if (!forced && dismissed) return null
  return (
    <Suspense fallback={null}>
      <UpdateSheet open forced={forced} onDismiss={dismiss} />
    </Suspense>
  )
}
