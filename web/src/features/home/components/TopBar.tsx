import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import styles from './TopBar.module.css'
import { useFirstPaintDone } from '@/components/AfterFirstPaint'
import { Avatar } from '@/components/Avatar'
import { BellIcon, ChatIcon, PinIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { shortLocationName } from '@/lib/location'
import { hasUnread, latestNotificationQueryOptions } from '@/lib/notifications'
import type { User } from '@/lib/session'
import { storage, type StoredLocation } from '@/lib/storage'
import '@/i18n/catalogs/en/home'

// The dialog's code (the place search, the device's reading) arrives only when the person first changes their place.
const LocationDialog = lazy(() => import('./LocationDialog').then((module) => ({ default: module.LocationDialog })))

type TopBarProps = { user: User; location: StoredLocation | null; onLocationSaved: (location: StoredLocation) => void }

export function TopBar({ user, location, onLocationSaved }: TopBarProps) {
  const t = useT()
  const [editing, setEditing] = useState(false)
  // The unread dot is asked for once home is on the screen: its request and its answer follow home's first paint.
  const painted = useFirstPaintDone()
  const latest = useQuery({ ...latestNotificationQueryOptions(), enabled: painted })
  const unread = hasUnread(latest.data, storage.notificationsSeenAt.get())
  const bellLabel = unread ? t('home.notificationsUnread') : t('home.notifications')

  return (
    <header className={styles.bar}>
      <div className={styles.location}>
        <span className={styles.pin}>
          <PinIcon size={20} />
        </span>
        {location?.name ? (
          <button
            type="button"
            className={styles.locationButton}
            onClick={() => setEditing(true)}
            data-testid="current-location"
          >
            <span className={styles.caption}>{t('home.currentLocation')}</span>
            <span className={styles.name}>{shortLocationName(location.name)}</span>
            <span className="visually-hidden">{t('home.changeLocation')}</span>
          </button>
        ) : (
          <div className={styles.locationButton}>
            <span className={styles.caption}>{t('home.locationMissing')}</span>
            <button type="button" className="link-button" onClick={() => setEditing(true)} data-testid="add-location">
              {t('home.addLocation')}
            </button>
          </div>
        )}
      </div>
      <nav className={styles.shortcuts} aria-label={t('home.shortcuts')}>
        <Link
          to={paths.notifications}
          className={`icon-button ${styles.bell}`}
          aria-label={bellLabel}
          title={bellLabel}
          data-testid="notifications-bell"
        >
          <BellIcon />
          {unread && <span className={styles.unreadDot} data-testid="unread-dot" aria-hidden="true" />}
        </Link>
        <Link to={paths.chat} className="icon-button" aria-label={t('home.chats')} title={t('home.chats')}>
          <ChatIcon />
        </Link>
        <Link to={paths.profile} className={styles.avatarLink} aria-label={t('home.profile')} title={t('home.profile')} data-testid="profile-link">
          <Avatar src={user.small_image_url} name={user.name} size={36} />
        </Link>
      </nav>
      {editing && (
        <Suspense fallback={null}>
          <LocationDialog open current={location} onClose={() => setEditing(false)} onSaved={onLocationSaved} />
        </Suspense>
      )}
    </header>
  )
}
