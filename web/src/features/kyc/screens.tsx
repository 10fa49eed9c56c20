import { Navigate, useParams } from 'react-router'
import { SimplePage } from '@/components/SimplePage'
import { paths } from '@/config/paths'
import { isKycEnabled, useConfig, useCurrentUser } from '@/lib/session'

/** /kyc: only for unverified users while KYC is enabled. */
export function KycScreen() {
  const user = useCurrentUser()
  const config = useConfig()
  if (user.is_kyc_verified || !isKycEnabled(config)) return <Navigate to={paths.home} replace />
  return (
    <SimplePage
      title="Verify Your Identity"
      emptyTitle="Identity verification is not available yet"
      emptyDescription="You can keep using Humsafar; we will let you know when you can verify your profile."
      backTo={paths.profile}
    />
  )
}

/** /kyc/success: only once the user is verified. */
export function KycSuccessScreen() {
  const user = useCurrentUser()
  if (!user.is_kyc_verified) return <Navigate to={paths.home} replace />
  return <SimplePage title="KYC Verified" emptyTitle="Your profile is verified" backTo={paths.home} />
}

const OUTCOME_TITLES: Record<string, string> = {
  rejected: 'KYC Rejected',
  review: 'KYC Under Review',
  error: 'KYC Error',
  cancelled: 'KYC Cancelled',
  processing: 'KYC Processing',
}

export function KycOutcomeScreen() {
  const { outcome = '' } = useParams()
  const title = OUTCOME_TITLES[outcome]
  if (!title) return <Navigate to={paths.home} replace />
  return <SimplePage title={title} backTo={paths.profile} />
}
