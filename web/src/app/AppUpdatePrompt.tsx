import { useState } from 'react'
import { UpdateSheet } from '@/components/UpdateSheet'
import type { Config } from '@/lib/session'
import { storage } from '@/lib/storage'
import { updateStatus } from '@/lib/version'

/** Forced update: a sheet that stays. Optional update: a sheet dismissed once per browser session. */
export function AppUpdatePrompt({ config }: { config: Config }) {
  const status = updateStatus(config)
  const [dismissed, setDismissed] = useState(() => storage.dismissedUpdate.get() === config.latest_client_version)
  if (status === 'none') return null
  const dismiss = () => {
    storage.dismissedUpdate.set(config.latest_client_version)
    setDismissed(true)
  }
  return <UpdateSheet open={status === 'forced' || !dismissed} forced={status === 'forced'} onDismiss={dismiss} />
}
