import { useState } from 'react'
import { Dialog } from './Dialog'
import { DownloadIcon } from './icons'
import { useT } from '@/i18n'
import { activateLatestVersion } from '@/lib/app-update'

type UpdateSheetProps = { open: boolean; forced: boolean; onDismiss: () => void }

/** Asks for an update; a forced one cannot be dismissed. */
export function UpdateSheet({ open, forced, onDismiss }: UpdateSheetProps) {
  const t = useT()
  const [updating, setUpdating] = useState(false)
  const update = () => {
    setUpdating(true)
    void activateLatestVersion()
  }
  return (
    <Dialog open={open} title={t('app.updateAvailable')} variant="sheet" onClose={forced ? undefined : onDismiss} testId="update-sheet">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <span style={{ color: 'var(--color-primary)' }}>
          <DownloadIcon size={32} />
        </span>
        <p className="muted">
          {forced ? t('app.updateForced') : t('app.updateOptional')}
        </p>
      </div>
      <button type="button" className="btn btn-primary btn-block" onClick={update} disabled={updating}>
        {updating ? t('app.updating') : t('app.update')}
      </button>
      {!forced && (
        <button type="button" className="btn btn-secondary btn-block" onClick={onDismiss}>
          {t('app.later')}
        </button>
      )}
    </Dialog>
  )
}
