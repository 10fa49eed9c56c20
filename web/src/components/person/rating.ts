/** Stars run 1 to 5 and unrated cards are left out of the mean, so an average of 0 means nobody has rated the person
 * yet: they read as new, never as "0.0". */
export const hasRatings = (averageRating: number): boolean => averageRating > 0

export const NEW_PERSON_LABEL = 'New · no ratings yet'

/** "4.5", or "New · no ratings yet". */
export const ratingLabel = (averageRating: number): string =>
  hasRatings(averageRating) ? averageRating.toFixed(1) : NEW_PERSON_LABEL

/** "★ 4.5 · 1 flagged", or "New · no ratings yet": how a person's reviews read beside their name. */
export function ratingLine(person: { average_rating: number; flagged_count: number }): string {
  const rating = hasRatings(person.average_rating) ? `★ ${ratingLabel(person.average_rating)}` : NEW_PERSON_LABEL
  return person.flagged_count > 0 ? `${rating} · ${person.flagged_count} flagged` : rating
}
