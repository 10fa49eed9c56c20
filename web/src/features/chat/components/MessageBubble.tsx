import type { ChatDocument } from '../model/room-messages'
import type { RoomMessage } from '../model/room-messages'
import styles from './ChatRoom.module.css'
import { MessageText } from './MessageText'
import { Avatar } from '@/components/Avatar'
import { PersonButton } from '@/components/person'
import { MESSAGES } from '@/generated/rules'
import { useI18n, useT } from '@/i18n'
import { Trans } from '@/i18n/Trans'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/chat'


type MessageBubbleProps = {
  message: RoomMessage
  mine: boolean
  onRetry: (key: string) => void
  canRetryUpload: boolean
}

function DocumentView({ document }: { document: ChatDocument }) {
  const t = useT()
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
          {t('chat.videoFallback')} <a href={url} download={document.file_name}>{document.file_name}</a>
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
  const i18n = useI18n()
  const t = i18n.t
  const document = message.documents[0]
  if (document?.status === 'delivered') return <DocumentView document={document} />
  if (document?.status === 'refused') {
    return <em className={styles.note}>{document.failure_message ? i18n.message(document.failure_message) : t('chat.documentRefused')}</em>
  }
  if (document?.status === 'checking' || message.upload === 'checking') {
    return <em className={styles.note}>{t('chat.checking')}</em>
  }
  if (message.upload === 'pending' || message.upload === 'uploading') {
    return <em className={styles.note}>{t('chat.uploading', { name: message.message })}</em>
  }
  if (message.upload === 'failed') return <em className={styles.note}>{i18n.message(message.error ?? MESSAGES.FALLBACK_ERROR)}</em>
  return <em className={styles.note}>{t('chat.notUploaded', { name: message.message || t('chat.theFile') })}</em>
}

const STATUS_LABEL = { waiting: 'chat.sending', failed: 'chat.notSent', successful: 'chat.sent' } as const

/** One message: the sender's face for others' messages, the text or attachment, the time and, for one's own, its state. */
export function MessageBubble({ message, mine, onRetry, canRetryUpload }: MessageBubbleProps) {
  const i18n = useI18n()
  const t = i18n.t
  const failed = message.status === 'failed' || (message.upload === 'failed' && canRetryUpload)
  const time = useFormat().time(message.time)
  const name = message.sender.name ?? t('chat.member')
  return (
    <article
      className={`${styles.row} ${mine ? styles.mine : ''}`}
      data-testid="chat-message"
      data-status={message.status}
      aria-label={mine ? t('chat.you') : name}
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
              <Trans
                k={mine ? 'chat.youSharedNumber' : 'chat.theySharedNumber'}
                values={{ name, number: message.message }}
                tags={{ number: (number) => <a href={`tel:${number}`}>{number}</a> }}
              />
            </p>
          ) : (
            <p>{t('chat.sharingNumber')}</p>
          )
        ) : (
          <p className={styles.text}>
            <MessageText text={message.message} />
          </p>
        )}
        <span className={styles.meta}>
          <time dateTime={message.time}>{time}</time>
          {mine && <span data-testid="message-status"> · {t(STATUS_LABEL[message.status])}</span>}
        </span>
        {failed && (
          <span className={styles.failure} role="alert">
            {message.status === 'failed' && message.error ? `${i18n.message(message.error)} ` : ''}
            <button type="button" className="link-button" onClick={() => onRetry(message.key)}>
              {t('chat.retry')}
            </button>
          </span>
        )}
      </div>
    </article>
  )
}
