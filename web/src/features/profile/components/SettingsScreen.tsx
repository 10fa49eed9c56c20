import { useId, useState } from 'react'
import { useDeleteAccount, useNotificationSetting } from '../api/profile'
import { MenuList, MenuRow } from './MenuRow'
import styles from './ProfileScreens.module.css'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { BellIcon, ShieldIcon, TrashIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { MESSAGES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { deleteThisDevice, notificationPermissionProblem, subscribeThisDevice } from '@/lib/push'
import { useConfig, useCurrentUser, useSignOut } from '@/lib/session'

export function SettingsScreen() {
  const user = useCurrentUser()
  const config = useConfig()
  const [subscribing, setSubscribing] = useState(false)
  const setting = useNotificationSetting()
  const deleteAccount = useDeleteAccount()
  const signOut = useSignOut()
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const labelId = useId()
  const enabled = setting.isPending ? Boolean(setting.variables) : user.receive_notification

  const toggle = async () => {
    const next = !enabled
    if (next) {
      // Turning on goes through the browser's permission and this device's subscription, then the server.
      const problem = await notificationPermissionProblem()
      if (problem) {
        toast.error(problem)
        return
      }
      setSubscribing(true)
      try {
        await subscribeThisDevice(config.web_push_vapid_public_key)
      } catch (error) {
        toast.error(error instanceof Error && error.message ? error.message : MESSAGES.NOTIFICATION_SUBSCRIBE_FAILED)
        return
      } finally {
        setSubscribing(false)
      }
    }
    setting.mutate(next, {
      onSuccess: ({ message }) => message && toast.success(message),
      onError: (failure) => toast.error(errorMessage(failure)),
    })
  }

  const remove = async () => {
    // The device stops receiving this account's pushes before the account goes.
    await deleteThisDevice().catch(() => undefined)
    deleteAccount.mutate(undefined, {
      onSuccess: ({ message }) => {
        void signOut()
        if (message) toast.success(message)
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    })
  }

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
              disabled={setting.isPending || subscribing}
              onClick={() => void toggle()}
              data-testid="notification-toggle"
            />
          </div>
        </div>
        <MenuList label="Safety">
          <MenuRow icon={<ShieldIcon />} label="Emergency Contacts" to={paths.emergencyContacts} />
        </MenuList>
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
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  )
}
