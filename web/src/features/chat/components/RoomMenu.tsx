import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import styles from './ChatRoom.module.css'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/chat'

/** The room's ⋮ menu (WAI menu button): Share Number sends the host's number to the members. */
export function RoomMenu({ onShareNumber }: { onShareNumber: () => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (open) itemRef.current?.focus()
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }

  return (
    <div
      className={styles.attachWrap}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={t('chat.options')}
        title={t('chat.options')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="5" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="19" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={t('chat.options')} className={styles.roomMenu} onKeyDown={onKeyDown}>
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false)
              onShareNumber()
            }}
          >
            {t('chat.shareNumber')}
          </button>
        </div>
      )}
    </div>
  )
}
