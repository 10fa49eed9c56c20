import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { tripReviewsQueryOptions, useSendReviews } from '../api/reviews'
import { cardsError, cardsFor, reasonError, reviewBody, withFlag, withStars, withThumb, type Card } from '../model/rating'
import styles from './Reviews.module.css'
import { StarRating } from './StarRating'
import { Avatar } from '@/components/Avatar'
import { EmptyState } from '@/components/EmptyState'
import { PageHeader } from '@/components/PageHeader'
import { PersonButton } from '@/components/person'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { CHOICES, LIMITS } from '@/generated/rules'
import { useI18n } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { useConfig } from '@/lib/session'
import '@/i18n/catalogs/en/reviews'

/** /rating/{tripId}: rate, thumb or flag each person one travelled with (SPEC §4 Review screen). */
export function RatingScreen() {
  const { t } = useI18n()
  const { tripId = '' } = useParams()
  const navigate = useNavigate()
  const config = useConfig()
  const reviews = useQuery(tripReviewsQueryOptions(tripId))
  const send = useSendReviews(tripId)
  const [cards, setCards] = useState<Card[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const labels: Record<string, string> = config.review_attributes ?? CHOICES.REVIEW_ATTRIBUTES

  useEffect(() => {
    if (reviews.data && cards === null) setCards(cardsFor(reviews.data.members, reviews.data.reviews))
  }, [reviews.data, cards])

  // Not allowed here (the trip has not happened, or one did not travel): the message, and home.
  useEffect(() => {
    if (!reviews.error) return
    toast.error(errorMessage(reviews.error))
    navigate(paths.home, { replace: true })
  }, [reviews.error, navigate])

  const change = (index: number, next: Card) => {
    setCards((current) => current && current.map((card, at) => (at === index ? next : card)))
    setError(null)
  }

  const submit = async () => {
    if (!cards) return
    setTried(true)
    const problem = cardsError(cards, t)
    // A flag's reason is said under its own field, once; the form's line says only what no field does.
    const unexplained = cards.find((card) => reasonError(card, t))
    if (unexplained) {
      setError(null)
      document.getElementById(reasonFieldId(unexplained))?.focus()
      return
    }
    if (problem) {
      setError(problem)
      return
    }
    try {
      const answer = await send.mutateAsync(reviewBody(cards))
      toast.success(answer.message)
      navigate(paths.home)
    } catch (failure) {
      toast.error(errorMessage(failure))
    }
  }

  return (
    <>
      <PageHeader title={t('reviews.reviewTrip')} />
      <main className="screen" aria-busy={reviews.isPending}>
        {reviews.isPending || !cards ? (
          <p role="status">{t('reviews.loadingCoRiders')}</p>
        ) : cards.length === 0 ? (
          <EmptyState title={t('reviews.nobodyToReview')} description={t('reviews.noOneToReview')} />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void submit()
            }}
            className={styles.form}
          >
            {cards.map((card, index) => (
              <ReviewCard
                key={card.member.id}
                card={card}
                labels={labels}
                showErrors={tried}
                onChange={(next) => change(index, next)}
              />
            ))}
            {error && (
              <p role="alert" className="field-error">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={send.isPending}>
              {send.isPending ? t('reviews.sending') : t('reviews.submit')}
            </button>
          </form>
        )}
      </main>
    </>
  )
}

type ReviewCardProps = {
  card: Card
  labels: Record<string, string>
  showErrors: boolean
  onChange: (card: Card) => void
}

const reasonFieldId = (card: Card) => `flag-reason-${card.member.id}`

function ReviewCard({ card, labels, showErrors, onChange }: ReviewCardProps) {
  const { t } = useI18n()
  const name = card.member.name ?? t('common.appName')
  const reasonId = reasonFieldId(card)
  const problem = showErrors ? reasonError(card, t) : null
  return (
    <section className={styles.card} aria-labelledby={`reviewee-${card.member.id}`} data-testid="review-card">
      <div className={styles.person}>
        <PersonButton person={{ id: card.member.id, name }}>
          <Avatar src={card.member.small_image_url} name={card.member.name} size={44} />
        </PersonButton>
        <h2 id={`reviewee-${card.member.id}`} className={styles.personName}>
          {name}
          {card.member.is_kyc_verified && (
            <span className={styles.verified} title={t('reviews.verifiedProfile')}>
              <span aria-hidden="true">✓</span>
              <span className="visually-hidden"> {t('reviews.verifiedHidden')}</span>
            </span>
          )}
        </h2>
      </div>
      <StarRating who={name} stars={card.stars} disabled={card.flagged} onRate={(stars) => onChange(withStars(card, stars))} />
      <ul className={styles.attributes} aria-label={t('reviews.howWas', { name })}>
        {Object.entries(labels).map(([key, label]) => {
          const thumb = card.attributes[key] ?? 0
          return (
            <li key={key} className={styles.attribute}>
              <span className={styles.attributeLabel}>{label}</span>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={thumb === 1}
                aria-label={t('reviews.thumbUpFor', { label })}
                title={t('reviews.thumbUpFor', { label })}
                disabled={card.flagged}
                onClick={() => onChange(withThumb(card, key, 1))}
              >
                <span aria-hidden="true">👍</span>
              </button>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={thumb === -1}
                aria-label={t('reviews.thumbDownFor', { label })}
                title={t('reviews.thumbDownFor', { label })}
                disabled={card.flagged}
                onClick={() => onChange(withThumb(card, key, -1))}
              >
                <span aria-hidden="true">👎</span>
              </button>
            </li>
          )
        })}
      </ul>
      <label className={styles.flag}>
        <input type="checkbox" checked={card.flagged} onChange={(event) => onChange(withFlag(card, event.target.checked))} />
        {t('reviews.flag', { name })}
      </label>
      {card.flagged && (
        <div className="field">
          <label htmlFor={reasonId} className="field-label">
            {t('reviews.whyFlag', { name })}
          </label>
          <textarea
            id={reasonId}
            className="input"
            rows={3}
            maxLength={LIMITS.REVIEW_FLAG_REASON_MAX_LENGTH}
            value={card.reason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${reasonId}-error` : `${reasonId}-count`}
            onChange={(event) => onChange({ ...card, reason: event.target.value })}
          />
          <span id={`${reasonId}-count`} className="field-hint">
            {card.reason.length}/{LIMITS.REVIEW_FLAG_REASON_MAX_LENGTH}
          </span>
          {problem && (
            <span id={`${reasonId}-error`} className="field-error" role="alert">
              {problem}
            </span>
          )}
        </div>
      )}
    </section>
  )
}
