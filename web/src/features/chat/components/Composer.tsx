import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { ATTACHMENT_ACCEPT, attachmentError, type AttachmentKind } from '../model/attachments'
import { messageTextError } from '../model/message-text'
import styles from './ChatRoom.module.css'
import { toast } from '@/components/toast'
import { LIMITS } from '@/generated/rules'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/chat'

type ComposerProps = {
  disabled: boolean
  onSendText: (text: string) => void
  onSendFile: (file: File) => void
}

const KINDS = [
  { kind: 'image', label: 'chat.image' },
  { kind: 'video', label: 'chat.video' },
  { kind: 'pdf', label: 'chat.pdf' },
] as const satisfies readonly { kind: AttachmentKind; label: string }[]

/** The text box (up to 3 rows; Enter sends, Shift+Enter breaks the line), the attach menu and Send. */
export function Composer({ disabled, onSendText, onSendFile }: ComposerProps) {
  const { t } = useI18n()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [menuOpen, setMenuOpen] = useState(false)
  const [kind, setKind] = useState<AttachmentKind>('image')
  const fileInput = useRef<HTMLInputElement>(null)
  const textId = useId()
  const errorId = useId()
  const menuId = useId()
  const rows = Math.min(LIMITS.CHAT_INPUT_MAX_ROWS, Math.max(1, text.split('\n').length))

  const send = () => {
    const problem = messageTextError(text, t)
    if (problem === 'empty') return
    if (problem) {
      setError(problem)
      return
    }
    onSendText(text)
    setText('')
    setError(null)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  const choose = (chosen: AttachmentKind) => {
    setKind(chosen)
    setMenuOpen(false)
    if (fileInput.current) {
      fileInput.current.accept = ATTACHMENT_ACCEPT[chosen]
      fileInput.current.click()
    }
  }

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const problem = attachmentError(file, kind, t)
    if (problem) toast.error(problem)
    else onSendFile(file)
  }

  return (
    <div className={styles.composer}>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className={styles.composerRow}>
        <div className={styles.attachWrap}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('chat.attachFile')}
            title={t('chat.attachFile')}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            disabled={disabled}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M16.5 6.5 8.7 14.3a2 2 0 0 0 2.8 2.8l7.8-7.8a4 4 0 0 0-5.6-5.6L5.9 11.5a6 6 0 0 0 8.5 8.5l6.4-6.4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
          {menuOpen && (
            <div
              id={menuId}
              role="menu"
              aria-label={t('chat.attach')}
              className={styles.attachMenu}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setMenuOpen(false)
              }}
            >
              {KINDS.map((item) => (
                <button key={item.kind} type="button" role="menuitem" className={styles.menuItem} onClick={() => choose(item.kind)}>
                  {t(item.label)}
                </button>
              ))}
            </div>
          )}
          <input ref={fileInput} type="file" hidden data-testid="chat-file-input" onChange={onFile} />
        </div>
        <label htmlFor={textId} className="visually-hidden">
          {t('chat.message')}
        </label>
        <textarea
          id={textId}
          className={styles.textbox}
          rows={rows}
          value={text}
          placeholder={t('chat.typeMessage')}
          maxLength={LIMITS.MESSAGE_MAX_LENGTH + 100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(null)
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={`btn btn-primary ${styles.send}`} disabled={disabled} onClick={send}>
          {t('chat.send')}
        </button>
      </div>
    </div>
  )
}
