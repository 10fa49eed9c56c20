import { SimplePage } from '@/components/SimplePage'
import { paths } from '@/config/paths'

export function MyReviewsScreen() {
  return <SimplePage title="My Reviews" backTo={paths.profile} />
}

export function UserReviewsScreen() {
  return <SimplePage title="Reviews" />
}

export function RatingScreen() {
  return <SimplePage title="Review Trip" />
}
