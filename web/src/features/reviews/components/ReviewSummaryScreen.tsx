import { useInfiniteQuery } from '@tanstack/react-query'
import { reviewSummaryQueryOptions, type ReceivedReview, type ReviewSummary } from '../api/reviews'
import styles from './Reviews.module.css'
import { StarsShown } from './StarRating'
import { EmptyState } from '@/components/EmptyState'
import { FlagIcon, ReviewIcon, StarIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { hasRatings, ratingLabel } from '@/components/person'
import { tripWhen } from '@/components/trip/trip'
import { CHOICES } from '@/generated/rules'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { useConfig } from '@/lib/session'
import '@/i18n/catalogs/en/reviews'

type ReviewSummaryScreenProps = { whose: 'my' | string; title: string; backTo?: string }

/** A person's reviews (SPEC §3 Review summary): their rating, flags and thumbs, then each review, newest first. */
export function ReviewSummaryScreen({ whose, title, backTo }: ReviewSummaryScreenProps) {
  const t = useT()
  const config = useConfig()
  const labels: Record<string, string> = config.review_attributes ?? CHOICES.REVIEW_ATTRIBUTES
  const summary = useInfiniteQuery(reviewSummaryQueryOptions(whose))
  const first = summary.data?.pages[0]
  const reviews = summary.data?.pages.flatMap((page) => page.reviews) ?? []

  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <main className="screen" aria-busy={summary.isFetching}>
        {summary.isError && !first ? (
          <EmptyState title={t('reviews.fetchFailed')}>
            <button type="button" className="btn btn-primary btn-small" onClick={() => void summary.refetch()}>
              {t('reviews.tryAgain')}
            </button>
          </EmptyState>
        ) : !first ? (
          <p role="status">{t('reviews.loadingReviews')}</p>
        ) : (
          <>
            <Figures summary={first} labels={labels} />
            {reviews.length === 0 ? (
              <EmptyState
                title={t('reviews.noReviews')}
                description={t('reviews.noReviewsHint')}
                illustration={<ReviewIcon size={40} />}
              />
            ) : (
              <section aria-labelledby="reviews-heading">
                <h2 id="reviews-heading" className={styles.sectionTitle}>
                  {t('reviews.reviews')}
                </h2>
                <ul className={styles.list} data-testid="review-list">
                  {reviews.map((review, index) => (
                    <li key={`${review.trip.id}-${index}`} className={styles.card} data-testid="received-review">
                      <ReviewItem review={review} labels={labels} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {summary.isFetchNextPageError && (
              <p role="alert" className="field-error">
                {t('reviews.fetchFailed')}
              </p>
            )}
            {summary.hasNextPage && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={summary.isFetchingNextPage}
                onClick={() => void summary.fetchNextPage()}
              >
                {summary.isFetchingNextPage ? t('reviews.loadingMore') : t('reviews.loadMore')}
              </button>
            )}
          </>
        )}
      </main>
    </>
  )
}

function Figures({ summary, labels }: { summary: ReviewSummary; labels: Record<string, string> }) {
  const t = useT()
  return (
    <>
      <section className={styles.summary} aria-label={t('reviews.ratingSummary')}>
        <div className={styles.figure}>
          <span className="muted">{t('reviews.averageRating')}</span>
          <span className={styles.figureValue} data-testid="average-rating">
            {hasRatings(summary.average_rating) && (
              <StarIcon size={22} className={`${styles.starOn} ${styles.starFilled}`} />
            )}
            {ratingLabel(summary.average_rating, t)}
          </span>
        </div>
        <div className={styles.figure}>
          <span className="muted">{t('reviews.flagged')}</span>
          <span className={styles.figureValue} data-testid="flagged-count">
            <FlagIcon size={22} />
            {summary.flagged_count}
          </span>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="attributes-heading">
        <h2 id="attributes-heading" className={styles.sectionTitle}>
          {t('reviews.coRidersSaid')}
        </h2>
        <ul className={styles.tally}>
          {Object.entries(labels).map(([key, label]) => {
            const tally = summary.overall_attributes[key] ?? { positive: 0, negative: 0 }
            return (
              <li key={key}>
                <span>{label}</span>
                <span>
                  <span aria-hidden="true">👍</span>
                  <span className="visually-hidden">{t('reviews.thumbsUp')}</span> {tally.positive}{' '}
                  <span aria-hidden="true">👎</span>
                  <span className="visually-hidden">{t('reviews.thumbsDown')}</span> {tally.negative}
                </span>
              </li>
            )
          })}
        </ul>
      </section>
    </>
  )
}

function ReviewItem({ review, labels }: { review: ReceivedReview; labels: Record<string, string> }) {
  const t = useT()
  const format = useFormat()
  const thumbs = Object.entries(review.attributes).filter(([, thumb]) => thumb !== 0)
  return (
    <>
      {review.flagged_review ? (
        <p className={styles.flagged}>
          <FlagIcon size={16} /> {t('reviews.flaggedFor', { reason: review.flagged_review })}
        </p>
      ) : review.stars > 0 ? (
        <StarsShown stars={review.stars} />
      ) : null}
      {thumbs.length > 0 && (
        <ul className={styles.chips} aria-label={t('reviews.thumbs')}>
          {thumbs.map(([key, thumb]) => (
            <li key={key} className={styles.chip}>
              <span aria-hidden="true">{thumb > 0 ? '👍' : '👎'}</span>{' '}
              <span className="visually-hidden">{thumb > 0 ? t('reviews.thumbUpChip') : t('reviews.thumbDownChip')}</span>
              {labels[key] ?? key}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.route}>
        {review.trip.source} → {review.trip.destination}
      </p>
      <p className="muted">
        {tripWhen(review.trip.scheduled_at, format)}
      </p>
    </>
  )
}
