import { useState } from 'react'
import { Link } from 'react-router'
import { LocationDialog } from './LocationDialog'
import styles from './TopBar.module.css'
import { Avatar } from '@/components/Avatar'
import { BellIcon, ChatIcon, PinIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { shortLocationName } from '@/lib/location'
import type { User } from '@/lib/session'
import type { StoredLocation } from '@/lib/storage'

type TopBarProps = { user: User; location: StoredLocation | null; onLocationSaved: (location: StoredLocation) => void }

export function TopBar({ user, location, onLocationSaved }: TopBarProps) {
  const [editing, setEditing] = useState(false)

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
            aria-label={`Current location: ${location.name}. Change location`}
            data-testid="current-location"
          >
            <span className={styles.caption}>Current location</span>
            <span className={styles.name}>{shortLocationName(location.name)}</span>
          </button>
        ) : (
          <div className={styles.locationButton}>
            <span className={styles.caption}>Location Not Available</span>
            <button type="button" className="link-button" onClick={() => setEditing(true)} data-testid="add-location">
              Add Location
            </button>
          </div>
        )}
      </div>
      <nav className={styles.shortcuts} aria-label="Shortcuts">
        <Link to={paths.notifications} className="icon-button" aria-label="Notifications">
          <BellIcon />
        </Link>
        <Link to={paths.chat} className="icon-button" aria-label="Chats">
          <ChatIcon />
        </Link>
        <Link to={paths.profile} className={styles.avatarLink} aria-label="Profile" data-testid="profile-link">
          <Avatar src={user.small_image_url} name={user.name} size={36} />
        </Link>
      </nav>
      <LocationDialog open={editing} current={location} onClose={() => setEditing(false)} onSaved={onLocationSaved} />
    </header>
  )
}
