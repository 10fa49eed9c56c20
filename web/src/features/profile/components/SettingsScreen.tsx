import { useId, useState } from 'react'
import { useDeleteAccount, useNotificationSetting } from '../api/profile'
import { MenuList, MenuRow } from './MenuRow'
import styles from './ProfileScreens.module.css'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { BellIcon, TrashIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { useCurrentUser, useSignOut } from '@/lib/session'

const NOTIFICATION_MESSAGES = {
  unsupported: 'Your browser does not support notification',
  denied: 'Permission not granted for notification. Please change your app settings and try again.',
} as const

/** Turning notifications on needs the browser's permission first. */
async function notificationPermissionError(): Promise<string | null> {
  if (!('Notification' in window)) return NOTIFICATION_MESSAGES.unsupported
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  return permission === 'granted' ? null : NOTIFICATION_MESSAGES.denied
}

export function SettingsScreen() {
  const user = useCurrentUser()
  const setting = useNotificationSetting()
  const deleteAccount = useDeleteAccount()
  const signOut = useSignOut()
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const labelId = useId()
  const enabled = setting.isPending ? Boolean(setting.variables) : user.receive_notification

  const toggle = async () => {
    const next = !enabled
    if (next) {
      const problem = await notificationPermissionError()
      if (problem) {
        toast.error(problem)
        return
      }
    }
    setting.mutate(next, {
      onSuccess: ({ message }) => message && toast.success(message),
      onError: (failure) => toast.error(errorMessage(failure)),
    })
  }

  const remove = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: ({ message }) => {
        void signOut()
        if (message) toast.success(message)
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    })

  return (
    <>
      <PageHeader title="Settings" backTo={paths.profile} />
      <main className={styles.screen}>
        <div className={styles.panel} style={{ padding: 0 }}>
          <div className={styles.switchRow}>
            <BellIcon style={{ color: 'var(--color-primary)' }} />
            <span id={labelId} style={{ flex: 1 }}>
              App Notification
            </span>
            <button
              type="button"
              role="switch"
              className={styles.switch}
              aria-checked={enabled}
              aria-labelledby={labelId}
              disabled={setting.isPending}
              onClick={() => void toggle()}
              data-testid="notification-toggle"
            />
          </div>
        </div>
        <MenuList label="Account">
          <MenuRow icon={<TrashIcon />} label="Delete Account" tone="danger" onClick={() => setConfirmingDelete(true)} />
        </MenuList>
      </main>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Account"
        message="Your profile, trips and chats will be removed. This cannot be undone."
        confirmLabel="Yes, I'm Sure"
        danger
        busy={deleteAccount.isPending}
        onConfirm={remove}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  )
}
