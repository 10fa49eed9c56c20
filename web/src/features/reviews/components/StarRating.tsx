import styles from './Reviews.module.css'
import { StarIcon } from '@/components/icons'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/reviews'

type StarRatingProps = { who: string; stars: number; disabled: boolean; onRate: (stars: number) => void }

/**
 * Five stars to press (the chosen one is the pressed one, those below it light up too); the chosen one pressed again
 * takes the rating back.
 */
export function StarRating({ who, stars, disabled, onRate }: StarRatingProps) {
  const t = useT()
  return (
    <div className={styles.stars} role="group" aria-label={t('reviews.starsFor', { name: who })}>
      {Array.from({ length: LIMITS.REVIEW_STARS_MAX }, (_, index) => index + 1).map((value) => (
        <button
          key={value}
          type="button"
          className={value <= stars ? `${styles.star} ${styles.starOn}` : styles.star}
          aria-pressed={value === stars}
          aria-label={t('reviews.stars', { count: value })}
          disabled={disabled}
          onClick={() => onRate(value)}
        >
          <StarIcon size={30} className={value <= stars ? styles.starFilled : undefined} />
        </button>
      ))}
    </div>
  )
}

/** Stars shown, not pressed: a review's rating. */
export function StarsShown({ stars }: { stars: number }) {
  const t = useT()
  return (
    <span className={styles.stars} role="img" aria-label={t('reviews.starsOf', { count: stars, max: LIMITS.REVIEW_STARS_MAX })}>
      {Array.from({ length: LIMITS.REVIEW_STARS_MAX }, (_, index) => (
        <StarIcon
          key={index}
          size={18}
          className={index < stars ? `${styles.starOn} ${styles.starFilled}` : undefined}
          style={index < stars ? undefined : { color: 'var(--color-border)' }}
        />
      ))}
    </span>
  )
}
