import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import styles from './TripSheet.module.css'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

export type TripMenuItem = { label: string; onSelect: () => void; danger?: boolean }

/** The ⋮ menu of the trip sheet (WAI menu button): arrows move, Escape closes, focus returns to the button. */
export function TripMenu({ items }: { items: TripMenuItem[] }) {
  const [open, setOpen] = useState(false)
  const t = useT()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([])
  const menuId = useId()

  useEffect(() => {
    if (open) itemRefs.current[0]?.focus()
  }, [open])

  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const index = itemRefs.current.findIndex((item) => item === document.activeElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      itemRefs.current[(index + step + items.length) % items.length]?.focus()
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  return (
    <div
      className={styles.menuWrap}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={t('trips.tripOptions')}
        title={t('trips.tripOptions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="trip-menu"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="5" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="19" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={t('trips.tripOptions')} className={styles.menu} onKeyDown={onKeyDown}>
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                itemRefs.current[index] = element
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${styles.menuItem} ${item.danger ? styles.menuDanger : ''}`}
              onClick={() => {
                close(false)
                item.onSelect()
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
