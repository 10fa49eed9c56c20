import { useState } from 'react'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import { useI18n } from '@/i18n'
import { isPushSupported, notificationPermissionProblem, subscribeThisDevice } from '@/lib/push'
import { pushFailureText } from '@/lib/push-failure'
import { storage } from '@/lib/storage'
import '@/i18n/catalogs/en/notifications'

/** The dialog is offered once: while the browser has not been asked, the person has not declined, and they want
 * notifications at all. */
export function shouldOfferPush(receiveNotification: boolean): boolean {
  return (
    receiveNotification &&
    isPushSupported() &&
    Notification.permission === 'default' &&
    !storage.pushDeclined.get()
  )
}

type PushPermissionDialogProps = { receiveNotification: boolean; vapidPublicKey: string | null | undefined }

/** 'Humsafar wants to send you notifications' (SPEC §2), with Allow and Don't Allow; a decline is remembered. */
export function PushPermissionDialog({ receiveNotification, vapidPublicKey }: PushPermissionDialogProps) {
  const i18n = useI18n()
  const { t, message } = i18n
  const [open, setOpen] = useState(() => shouldOfferPush(receiveNotification))
  const [busy, setBusy] = useState(false)

  const decline = () => {
    storage.pushDeclined.set(true)
    setOpen(false)
  }

  const allow = async () => {
    setBusy(true)
    try {
      const problem = await notificationPermissionProblem()
      if (problem) {
        toast.error(message(problem))
        return
      }
      await subscribeThisDevice(vapidPublicKey)
    } catch (error) {
      // Said as well as logged: after Allow, whether the browser, its push service or our server failed.
      console.warn('push setup failed', error)
      toast.error(pushFailureText(error, i18n))
    } finally {
      setBusy(false)
      setOpen(false)
    }
  }

  return (
    <Dialog open={open} title={t('notifications.pushTitle')} onClose={decline} testId="push-permission">
      <p className="muted">{t('notifications.pushText')}</p>
      <div style={{ display: 'flex', gap: 12 }}>
        <button type="button" className="btn btn-secondary btn-block" onClick={decline} disabled={busy}>
          {t('notifications.dontAllow')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={() => void allow()} disabled={busy}>
          {t('notifications.allow')}
        </button>
      </div>
    </Dialog>
  )
}
