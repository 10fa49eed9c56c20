import { SimplePage } from '@/components/SimplePage'
import { paths } from '@/config/paths'

export function ChatListScreen() {
  return <SimplePage title="Chats" />
}

export function ChatRoomScreen() {
  return <SimplePage title="Trip" backTo={paths.chat} />
}
