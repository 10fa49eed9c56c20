import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cardsError, cardsFor, reviewBody, withFlag, withStars, withThumb, type Card } from './rating'
import { MESSAGES } from '@/generated/rules'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

const member = (id: number) => ({ id, name: `Rider ${id}`, small_image_url: null, is_kyc_verified: false })

describe('the review screen cards', () => {
  it('start from what was sent before', () => {
    const [host, other] = cardsFor(
      [member(1), member(2)],
      [{ reviewee_id: 2, stars: 0, attributes: {}, is_flagged: true, flagged_review: 'Rude' }],
    )
    expect(host).toMatchObject({ stars: 0, flagged: false, reason: '' })
    expect(other).toMatchObject({ flagged: true, reason: 'Rude' })
  })

  it('clear stars and thumbs when flagged, and a star or thumb pressed again says nothing', () => {
    let card: Card = cardsFor([member(1)], [])[0]
    card = withThumb(withStars(card, 4), 'punctual', 1)
    expect(card).toMatchObject({ stars: 4, attributes: { punctual: 1 } })
    expect(withStars(card, 4).stars).toBe(0)
    expect(withThumb(card, 'punctual', 1).attributes.punctual).toBe(0)
    const flagged = withFlag(card, true)
    expect(flagged).toMatchObject({ flagged: true, stars: 0, attributes: {} })
  })

  it('refuse with the spec words', () => {
    const [card] = cardsFor([member(1)], [])
    expect(cardsError([card], t)).toBe(MESSAGES.REVIEW_AT_LEAST_ONE)
    expect(cardsError([withFlag(card, true)], t)).toBe(MESSAGES.REVIEW_FLAG_REASON_REQUIRED)
    expect(cardsError([{ ...withFlag(card, true), reason: 'Rude <b>' }], t)).toBeNull()
    expect(cardsError([{ ...withFlag(card, true), reason: 'Rude\u200b' }], t)).toBe(
      MESSAGES.REASON_CHARACTERS.replace('{characters}', 'U+200B'),
    )
    expect(cardsError([withStars(card, 5)], t)).toBeNull()
  })

  it('count a thumb alone as a review, and check every flag reason', () => {
    const [first, second] = cardsFor([member(1), member(2)], [])
    expect(cardsError([withThumb(first, 'friendly', -1), second], t)).toBeNull()
    expect(cardsError([withThumb(withThumb(first, 'friendly', -1), 'friendly', -1), second], t)).toBe(
      MESSAGES.REVIEW_AT_LEAST_ONE,
    )
    const tooLong = { ...withFlag(second, true), reason: 'a'.repeat(301) }
    expect(cardsError([withStars(first, 2), tooLong], t)).toBe(MESSAGES.REVIEW_FLAG_REASON_TOO_LONG)
    expect(cardsError([withStars(first, 2), { ...tooLong, reason: 'a'.repeat(300) }], t)).toBeNull()
    expect(cardsError([withStars(first, 2), { ...tooLong, reason: '   ' }], t)).toBe(MESSAGES.REVIEW_FLAG_REASON_REQUIRED)
  })

  it('take the flag back with its reason', () => {
    const [card] = cardsFor([member(1)], [{ reviewee_id: 1, stars: 0, attributes: {}, is_flagged: true, flagged_review: 'Rude' }])
    expect(withFlag(card, false)).toMatchObject({ flagged: false, reason: '' })
  })

  it('send every card, a flag without stars or thumbs', () => {
    const [rated, flagged] = cardsFor([member(1), member(2)], [])
    const body = reviewBody([withStars(rated, 3), { ...withFlag(flagged, true), reason: ' Late ' }])
    expect(body).toEqual([
      { reviewee_id: 1, stars: 3, attributes: {}, is_flagged: false, flagged_review: null },
      { reviewee_id: 2, stars: 0, attributes: {}, is_flagged: true, flagged_review: 'Late' },
    ])
  })
})
