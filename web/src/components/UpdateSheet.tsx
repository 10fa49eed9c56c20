import { useState } from 'react'
import { Dialog } from './Dialog'
import { DownloadIcon } from './icons'
import { activateLatestVersion } from '@/lib/service-worker'

type UpdateSheetProps = { open: boolean; forced: boolean; onDismiss: () => void }

/** Asks for an update; a forced one cannot be dismissed. */
export function UpdateSheet({ open, forced, onDismiss }: UpdateSheetProps) {
  const [updating, setUpdating] = useState(false)
  const update = () => {
    setUpdating(true)
    void activateLatestVersion()
  }
  return (
    <Dialog open={open} title="Update available" variant="sheet" onClose={forced ? undefined : onDismiss} testId="update-sheet">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <span style={{ color: 'var(--color-primary)' }}>
          <DownloadIcon size={32} />
        </span>
        <p className="muted">
          {forced
            ? 'This version of Humsafar is no longer supported. Please update to continue.'
            : 'A newer version of Humsafar is ready with improvements and fixes.'}
        </p>
      </div>
      <button type="button" className="btn btn-primary btn-block" onClick={update} disabled={updating}>
        {updating ? 'Updating…' : 'Update'}
      </button>
      {!forced && (
        <button type="button" className="btn btn-secondary btn-block" onClick={onDismiss}>
          Later
        </button>
      )}
    </Dialog>
  )
}
