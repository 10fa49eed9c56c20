import type { ChatSummary } from '../api/chats'
import styles from './ChatList.module.css'
import { Avatar } from '@/components/Avatar'

/** Up to four faces of a chat: one alone, two side by side, three or four in a 2×2 grid. */
export function AvatarGrid({ users }: { users: ChatSummary['chat_users'] }) {
  const shown = users.slice(0, 4)
  const size = shown.length === 1 ? 48 : 24
  return (
    <span className={`${styles.grid} ${shown.length > 1 ? styles.gridMany : ''}`} aria-hidden="true" data-count={shown.length}>
      {shown.map((person) => (
        <Avatar key={person.user_id} src={person.small_image_url} name={person.name} size={size} />
      ))}
    </span>
  )
}
