import { Dialog } from './Dialog'
import { useT } from '@/i18n'

type ConfirmDialogProps = {
  open: boolean
  title: string
  message: string
  confirmLabel: string
  cancelLabel?: string
  busy?: boolean
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT()
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      <p className="muted">{message}</p>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onCancel}>
          {cancelLabel ?? t('common.no')}
        </button>
        <button
          type="button"
          className={`btn btn-block ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
