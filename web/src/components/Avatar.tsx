import { useState } from 'react'
import styles from './Avatar.module.css'

type AvatarProps = { src?: string | null; name?: string | null; size?: number; alt?: string }

const initials = (name?: string | null) =>
  (name ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?'

/** A round picture, or the person's initials when there is none (or it fails to load). */
export function Avatar({ src, name, size = 40, alt = '' }: AvatarProps) {
  const [failed, setFailed] = useState(false)
  const style = { width: size, height: size, fontSize: size * 0.4 }
  if (src && !failed) {
    return <img className={styles.avatar} style={style} src={src} alt={alt} onError={() => setFailed(true)} />
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} style={style} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
      {/* Drawn by CSS: the letters are a picture of the person, not text to read or to match a link's name. */}
      <span aria-hidden="true" className={styles.letters} data-initials={initials(name)} />
    </span>
  )
}
