import type { Translate } from '@/i18n'
import '@/i18n/catalogs/en/tripCard'

/** Stars run 1 to 5 and unrated cards are left out of the mean, so an average of 0 means nobody has rated the person
 * yet: they read as new, never as "0.0". */
export const hasRatings = (averageRating: number): boolean => averageRating > 0

/** "4.5", or "New · no ratings yet". */
export const ratingLabel = (averageRating: number, t: Translate): string =>
  hasRatings(averageRating) ? averageRating.toFixed(1) : t('tripCard.newPerson')

/** "★ 4.5 · 1 flagged", or "New · no ratings yet": how a person's reviews read beside their name. */
export function ratingLine(person: { average_rating: number; flagged_count: number }, t: Translate): string {
  const rating = hasRatings(person.average_rating) ? `★ ${ratingLabel(person.average_rating, t)}` : t('tripCard.newPerson')
  return person.flagged_count > 0 ? t('tripCard.flagged', { rating, count: person.flagged_count }) : rating
}
