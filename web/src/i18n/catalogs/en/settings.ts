import { addEnglish } from '@/i18n/english'

/** The Settings screen. */
export default addEnglish('settings', {
  title: 'Settings',
  notifications: 'App Notification',
  safety: 'Safety',
  emergencyContacts: 'Emergency Contacts',
  account: 'Account',
  deleteAccount: 'Delete Account',
  deleteWarning: 'Your profile, trips and chats will be removed. This cannot be undone.',
  deleteConfirm: "Yes, I'm Sure",
} as const)
