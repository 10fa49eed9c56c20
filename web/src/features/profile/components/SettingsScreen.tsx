import { useId, useState } from 'react'
import { useDeleteAccount, useNotificationSetting } from '../api/profile'
import { MenuList, MenuRow } from './MenuRow'
import styles from './ProfileScreens.module.css'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { BellIcon, ShieldIcon, TrashIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { useI18n } from '@/i18n'
import { LanguagePicker } from '@/i18n/LanguagePicker'
import { useSaveProfileLanguage } from '@/i18n/profile-language'
import { errorMessage } from '@/lib/api'
import { deleteThisDevice, notificationPermissionProblem, subscribeThisDevice } from '@/lib/push'
import { pushFailureText } from '@/lib/push-failure'
import { useConfig, useCurrentUser } from '@/lib/session'
import { useSignOut } from '@/lib/sign-out'
import '@/i18n/catalogs/en/settings'

export function SettingsScreen() {
  const i18n = useI18n()
  const t = i18n.t
  const saveLanguage = useSaveProfileLanguage()
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
        toast.error(i18n.message(problem))
        return
      }
      setSubscribing(true)
      try {
        await subscribeThisDevice(config.web_push_vapid_public_key)
      } catch (error) {
        toast.error(pushFailureText(error, i18n))
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
      <PageHeader title={t('settings.title')} backTo={paths.profile} />
      <main className={styles.screen}>
        <div className={styles.panel} style={{ padding: 0 }}>
          <div className={styles.switchRow}>
            <BellIcon style={{ color: 'var(--color-primary)' }} />
            <span id={labelId} style={{ flex: 1 }}>
              {t('settings.notifications')}
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
        <div className={styles.panel}>
          <LanguagePicker onChosen={saveLanguage} />
        </div>
        <MenuList label={t('settings.safety')}>
          <MenuRow icon={<ShieldIcon />} label={t('settings.emergencyContacts')} to={paths.emergencyContacts} />
        </MenuList>
        <MenuList label={t('settings.account')}>
          <MenuRow
            icon={<TrashIcon />}
            label={t('settings.deleteAccount')}
            tone="danger"
            onClick={() => setConfirmingDelete(true)}
          />
        </MenuList>
      </main>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('settings.deleteAccount')}
        message={t('settings.deleteWarning')}
        confirmLabel={t('settings.deleteConfirm')}
        danger
        busy={deleteAccount.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  )
}
