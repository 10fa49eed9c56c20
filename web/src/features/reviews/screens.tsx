import { Navigate, useParams } from 'react-router'
import { RatingScreen } from './components/RatingScreen'
import { ReviewSummaryScreen } from './components/ReviewSummaryScreen'
import { paths } from '@/config/paths'
import { MESSAGES } from '@/generated/rules'
import { useT } from '@/i18n'
import { useCurrentUser } from '@/lib/session'
import '@/i18n/catalogs/en/reviews'

export { RatingScreen }

/** /profile/my-review: the signed-in person's reviews. */
export function MyReviewsScreen() {
  const t = useT()
  return <ReviewSummaryScreen whose="my" title={t('reviews.myReviews')} backTo={paths.profile} />
}

/** /user-review/{userId}: another person's reviews; one's own id shows one's own. */
export function UserReviewsScreen() {
  const t = useT()
  const { userId = '' } = useParams()
  const me = useCurrentUser()
  if (!/^\d+$/.test(userId)) return <Navigate to={paths.profile} replace state={{ error: MESSAGES.USER_ID_MISSING }} />
  if (String(me.id) === userId) return <Navigate to={paths.myReview} replace />
  return <ReviewSummaryScreen whose={userId} title={t('reviews.reviews')} />
}
