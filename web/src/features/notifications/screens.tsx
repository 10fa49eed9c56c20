import { SimplePage } from '@/components/SimplePage'

export function NotificationsScreen() {
  return <SimplePage title="Notifications" />
}
