import type { ReviewableMember, ReviewIn, ReviewSent } from '../api/reviews'
import { LIMITS } from '@/generated/rules'
import type { Translate } from '@/i18n'
import { charactersError, textLength, tidyText } from '@/lib/free-text'
import '@/i18n/catalogs/en/reviews'

export type Thumb = -1 | 0 | 1

/** One co-rider's card on the review screen. */
export type Card = {
  member: ReviewableMember
  stars: number
  attributes: Record<string, Thumb>
  flagged: boolean
  reason: string
}

export function cardsFor(members: ReviewableMember[], sent: ReviewSent[]): Card[] {
  return members.map((member) => {
    const earlier = sent.find((review) => review.reviewee_id === member.id)
    return {
      member,
      stars: earlier?.stars ?? 0,
      attributes: { ...(earlier?.attributes as Record<string, Thumb> | undefined) },
      flagged: earlier?.is_flagged ?? false,
      reason: earlier?.flagged_review ?? '',
    }
  })
}

/** Flagging clears and disables the stars and thumbs (SPEC §4 Review screen). */
export const withFlag = (card: Card, flagged: boolean): Card =>
  flagged ? { ...card, flagged, stars: 0, attributes: {} } : { ...card, flagged, reason: '' }

export const withStars = (card: Card, stars: number): Card => ({ ...card, stars: card.stars === stars ? 0 : stars })

/** A thumb pressed again goes back to nothing said. */
export const withThumb = (card: Card, key: string, thumb: Thumb): Card => ({
  ...card,
  attributes: { ...card.attributes, [key]: card.attributes[key] === thumb ? 0 : thumb },
})

const saysSomething = (card: Card): boolean =>
  card.flagged || card.stars > 0 || Object.values(card.attributes).some((thumb) => thumb !== 0)

/** What is wrong with the flag's reason, in the language, or null when it is fine (SPEC §5 Review, note characters). */
export function reasonError(card: Card, t: Translate): string | null {
  if (!card.flagged) return null
  const reason = tidyText(card.reason)
  if (!reason) return t('reviews.flagReasonRequired')
  if (textLength(reason) > LIMITS.REVIEW_FLAG_REASON_MAX_LENGTH) return t('reviews.flagReasonTooLong')
  const characters = charactersError(reason, '{characters}')
  return characters === null ? null : t('reviews.reasonCharacters', { characters })
}

/** The first rule the cards break, in the server's words and the person's language, or null. */
export function cardsError(cards: Card[], t: Translate): string | null {
  if (!cards.some(saysSomething)) return t('reviews.atLeastOne')
  for (const card of cards) {
    const error = reasonError(card, t)
    if (error) return error
  }
  return null
}

/** PUT /api/user/review/trip/{tripId}: every card, so an emptied one takes back its earlier review. */
export const reviewBody = (cards: Card[]): ReviewIn[] =>
  cards.map((card) => ({
    reviewee_id: card.member.id,
    stars: card.flagged ? 0 : card.stars,
    attributes: card.flagged ? {} : card.attributes,
    is_flagged: card.flagged,
    flagged_review: card.flagged ? card.reason.trim() : null,
  }))
