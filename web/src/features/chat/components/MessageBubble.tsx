import type { ChatDocument } from '../api/chats'
import type { RoomMessage } from '../model/room-messages'
import styles from './ChatRoom.module.css'
import { MessageText } from './MessageText'
import { Avatar } from '@/components/Avatar'
import { PersonButton } from '@/components/person'
import { MESSAGES } from '@/generated/rules'
import { formatClockTime } from '@/lib/time'

export const VIDEO_FALLBACK = 'Video not supported in your browser. Please download the video to view.'
export const CHECKING_NOTE = 'Your file is being checked against community guidelines'

type MessageBubbleProps = {
  message: RoomMessage
  mine: boolean
  onRetry: (key: string) => void
  canRetryUpload: boolean
}

function DocumentView({ document }: { document: ChatDocument }) {
  const url = document.document_url ?? ''
  if (document.type === 'image' || document.type === 'gif') {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={styles.media}>
        <img src={document.thumbnail_url ?? url} alt={document.file_name} loading="lazy" />
      </a>
    )
  }
  if (document.type === 'video') {
    return (
      <video className={styles.media} src={url} controls preload="metadata" aria-label={document.file_name}>
        <p>
          {VIDEO_FALLBACK} <a href={url} download={document.file_name}>{document.file_name}</a>
        </p>
      </video>
    )
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={styles.pdf}>
      {document.file_name}
    </a>
  )
}

function Attachment({ message }: { message: RoomMessage }) {
  const document = message.documents[0]
  if (document?.status === 'delivered') return <DocumentView document={document} />
  if (document?.status === 'refused') {
    return <em className={styles.note}>{document.failure_message ?? MESSAGES.CHAT_DOCUMENT_REFUSED}</em>
  }
  if (document?.status === 'checking' || message.upload === 'checking') {
    return <em className={styles.note}>{CHECKING_NOTE}</em>
  }
  if (message.upload === 'pending' || message.upload === 'uploading') {
    return <em className={styles.note}>{`Uploading ${message.message}…`}</em>
  }
  if (message.upload === 'failed') return <em className={styles.note}>{message.error ?? MESSAGES.FALLBACK_ERROR}</em>
  return <em className={styles.note}>{`${message.message || 'The file'} was not uploaded`}</em>
}

const STATUS_LABEL = { waiting: 'Sending', failed: 'Not sent', successful: 'Sent' } as const

/** One message: the sender's face for others' messages, the text or attachment, the time and, for one's own, its state. */
export function MessageBubble({ message, mine, onRetry, canRetryUpload }: MessageBubbleProps) {
  const failed = message.status === 'failed' || (message.upload === 'failed' && canRetryUpload)
  const time = formatClockTime(new Date(message.time))
  const name = message.sender.name ?? 'Member'
  return (
    <article
      className={`${styles.row} ${mine ? styles.mine : ''}`}
      data-testid="chat-message"
      data-status={message.status}
      aria-label={mine ? 'You' : name}
    >
      {!mine && (
        <PersonButton person={{ id: message.sender.user_id, name }} decorative>
          <Avatar src={message.sender.image} name={name} size={28} />
        </PersonButton>
      )}
      <div className={`${styles.bubble} ${message.type === 'number' ? styles.number : ''}`}>
        {!mine && (
          <PersonButton person={{ id: message.sender.user_id, name }} className={styles.sender}>
            <span className={styles.senderName} title={name}>
              {name}
            </span>
          </PersonButton>
        )}
        {message.type === 'media' ? (
          <Attachment message={message} />
        ) : message.type === 'number' ? (
          message.message ? (
            <p>
              {mine ? 'You shared your number: ' : `${name} shared their number: `}
              <a href={`tel:${message.message}`}>{message.message}</a>
            </p>
          ) : (
            <p>Sharing your number…</p>
          )
        ) : (
          <p className={styles.text}>
            <MessageText text={message.message} />
          </p>
        )}
        <span className={styles.meta}>
          <time dateTime={message.time}>{time}</time>
          {mine && <span data-testid="message-status"> · {STATUS_LABEL[message.status]}</span>}
        </span>
        {failed && (
          <span className={styles.failure} role="alert">
            {message.status === 'failed' && message.error ? `${message.error} ` : ''}
            <button type="button" className="link-button" onClick={() => onRetry(message.key)}>
              Retry
            </button>
          </span>
        )}
      </div>
    </article>
  )
}
