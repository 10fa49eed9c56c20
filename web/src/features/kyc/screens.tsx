import { Navigate, useParams } from 'react-router'
import {
  KycEndScreen,
  KycProcessingScreen,
  KycReviewScreen,
  KycScreen,
  KycSuccessScreen,
} from './components/KycScreens'
import { isKycEnding } from './model/outcome'
import { paths } from '@/config/paths'

export { KycScreen, KycSuccessScreen }

/** /kyc/{outcome}: progress, review, or how the verification ended; anything else goes home. */
export function KycOutcomeScreen() {
  const { outcome = '' } = useParams()
  if (outcome === 'processing') return <KycProcessingScreen />
  if (outcome === 'review') return <KycReviewScreen />
  if (isKycEnding(outcome)) return <KycEndScreen ending={outcome} />
  return <Navigate to={paths.home} replace />
}
