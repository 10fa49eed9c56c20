/** The Settings screen. */
export default {
  title: 'Settings',
  notifications: 'App Notification',
  safety: 'Safety',
  emergencyContacts: 'Emergency Contacts',
  account: 'Account',
  deleteAccount: 'Delete Account',
  deleteWarning: 'Your profile, trips and chats will be removed. This cannot be undone.',
  deleteConfirm: "Yes, I'm Sure",
} as const
