import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { reportKycResult, useStartKyc } from '../api/kyc'
import {
  APPROVED_PAUSE_MS,
  isWidgetOutcome,
  OUTCOME_SCREENS,
  PROCESSING_POLL_MS,
  PROCESSING_TIMEOUT_MS,
  processingNext,
  REVIEW_LOOK_MS,
  REVIEW_LOOKS,
} from '../model/outcome'
import styles from './Kyc.module.css'
import { Avatar } from '@/components/Avatar'
import { Busy } from '@/components/Busy'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { LIMITS, MESSAGES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { isKycEnabled, useConfig, useCurrentUser, userQueryOptions } from '@/lib/session'

/** /kyc: the start of a verification, and where the vendor's widget returns with transactionId and status. */
export function KycScreen() {
  const user = useCurrentUser()
  const config = useConfig()
  const [params] = useSearchParams()
  const transactionId = params.get('transactionId')
  if (transactionId) return <KycReturn transactionId={transactionId} status={params.get('status')} />
  if (user.is_kyc_verified || !isKycEnabled(config)) return <Navigate to={paths.home} replace />
  return <KycStart />
}

function KycStart() {
  const start = useStartKyc()
  const begin = async () => {
    try {
      const { data } = await start.mutateAsync()
      window.location.assign(data.widget_url)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  return (
    <>
      <PageHeader title="Verify Your Identity" backTo={paths.profile} />
      <main className="screen">
        <p>Verified profiles earn a badge that co-travellers trust. It takes about two minutes:</p>
        <ol className={styles.steps}>
          <li>Keep your Aadhaar or PAN card at hand.</li>
          <li>Take a selfie in good light.</li>
          <li>We confirm the result here; some applications are checked by hand within 24 hours.</li>
        </ol>
        <button type="button" className="btn btn-primary btn-block" disabled={start.isPending} onClick={() => void begin()}>
          {start.isPending ? 'Starting…' : 'Start KYC'}
        </button>
      </main>
    </>
  )
}

/** Back from the widget: its word is passed on (the server asks the vendor), then the matching screen. */
function KycReturn({ transactionId, status }: { transactionId: string; status: string | null }) {
  const navigate = useNavigate()
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    if (!isWidgetOutcome(status)) {
      navigate(paths.kycOutcome('error'), { replace: true })
      return
    }
    reportKycResult(transactionId, status)
      .then(() => navigate(paths.kycOutcome(OUTCOME_SCREENS[status]), { replace: true }))
      .catch(() => navigate(paths.kycOutcome('error'), { replace: true }))
  }, [transactionId, status, navigate])
  return <Waiting title="Verify Your Identity" text="Checking your verification…" />
}

function Waiting({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageHeader title={title} backTo={paths.profile} />
      <main className="screen">
        <Busy text={text} />
      </main>
    </>
  )
}

/** /kyc/processing: asks every 3 s until the server has the vendor's word; 20 s without it is an error. */
export function KycProcessingScreen() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const user = useQuery({ ...userQueryOptions(), refetchInterval: PROCESSING_POLL_MS, staleTime: 0 })
  const [approved, setApproved] = useState(false)
  const next = user.data ? processingNext(user.data) : null

  useEffect(() => {
    if (approved) return
    const timer = window.setTimeout(() => navigate(paths.kycOutcome('error'), { replace: true }), PROCESSING_TIMEOUT_MS)
    return () => window.clearTimeout(timer)
  }, [approved, navigate])

  useEffect(() => {
    if (user.isError) navigate(paths.kycOutcome('error'), { replace: true })
  }, [user.isError, navigate])

  useEffect(() => {
    if (!next) return
    if (next !== 'success') {
      navigate(paths.kycOutcome(next), { replace: true })
      return
    }
    setApproved(true)
    void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey })
    const timer = window.setTimeout(() => navigate(paths.kycOutcome('success'), { replace: true }), APPROVED_PAUSE_MS)
    return () => window.clearTimeout(timer)
  }, [next, navigate, queryClient])

  return (
    <Waiting
      title="KYC Processing"
      text={approved ? 'Your identity is verified. Just a moment…' : 'Verifying your identity. This takes a few seconds…'}
    />
  )
}

/** /kyc/success: the verified person, with confetti; home after 4 s. */
export function KycSuccessScreen() {
  const user = useCurrentUser()
  const navigate = useNavigate()
  useEffect(() => {
    if (!user.is_kyc_verified) return
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), LIMITS.KYC_SUCCESS_REDIRECT_SECONDS * 1000)
    return () => window.clearTimeout(timer)
  }, [user.is_kyc_verified, navigate])
  if (!user.is_kyc_verified) return <Navigate to={paths.home} replace />
  return (
    <>
      <PageHeader title="KYC Verified" backTo={paths.home} />
      <main className="screen">
        <section className={styles.celebration} aria-labelledby="kyc-success-title">
          <Confetti />
          <Avatar src={user.medium_image_url} name={user.name} size={96} alt={user.name ?? ''} />
          <h2 id="kyc-success-title" className={styles.title}>
            Congratulations, {user.name}!
          </h2>
          <p role="status">Your profile is verified. Co-travellers will see your verified badge.</p>
        </section>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.home, { replace: true })}>
          Go To Home
        </button>
      </main>
    </>
  )
}

const CONFETTI_COLOURS = ['#ffb703', '#0e6b5c', '#1a5fd6', '#b3261e', '#8ecae6']

function Confetti() {
  return (
    <div className={styles.confetti} aria-hidden="true">
      {Array.from({ length: 24 }, (_, index) => (
        <span
          key={index}
          style={{
            left: `${(index * 37) % 100}%`,
            background: CONFETTI_COLOURS[index % CONFETTI_COLOURS.length],
            animationDelay: `${(index % 6) * 0.15}s`,
          }}
        />
      ))}
    </div>
  )
}

/** /kyc/review: looks again 4 times, 1 s apart, while the application waits for a manual review. */
export function KycReviewScreen() {
  const navigate = useNavigate()
  const [looks, setLooks] = useState(0)
  const user = useQuery({
    ...userQueryOptions(),
    staleTime: 0,
    refetchInterval: (query) =>
      looks < REVIEW_LOOKS && query.state.data?.kyc_status === 'needs_review' ? REVIEW_LOOK_MS : false,
  })
  const updatedAt = user.dataUpdatedAt
  useEffect(() => setLooks((count) => count + 1), [updatedAt])
  const next = user.data ? processingNext(user.data) : null

  useEffect(() => {
    if (next === 'success' || next === 'rejected' || next === 'error' || next === 'cancelled') {
      navigate(paths.kycOutcome(next), { replace: true })
    }
  }, [next, navigate])

  const stillLooking = looks <= REVIEW_LOOKS && (user.isPending || user.data?.kyc_status === 'initiated')
  return (
    <>
      <PageHeader title="KYC Under Review" backTo={paths.profile} />
      <main className="screen">
        {stillLooking ? (
          <Busy text={MESSAGES.KYC_UNDER_REVIEW} />
        ) : (
          <p role="status" className={styles.centre}>
            {MESSAGES.KYC_UNDER_REVIEW}
          </p>
        )}
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.profile)}>
          Back to Profile
        </button>
      </main>
    </>
  )
}

const ENDINGS = {
  rejected: { title: 'KYC Rejected', message: MESSAGES.KYC_FAILED },
  error: { title: 'KYC Error', message: MESSAGES.KYC_FAILED },
  cancelled: { title: 'KYC Cancelled', message: MESSAGES.KYC_NOT_FINISHED },
} as const

export type KycEnding = keyof typeof ENDINGS

export const isKycEnding = (outcome: string): outcome is KycEnding => outcome in ENDINGS

/** /kyc/rejected, /kyc/error, /kyc/cancelled: what happened, and a way to try again. */
export function KycEndScreen({ ending }: { ending: KycEnding }) {
  const user = useCurrentUser()
  const navigate = useNavigate()
  const { title, message } = ENDINGS[ending]
  const said = user.kyc_status === ending && user.kyc_message ? user.kyc_message : message
  return (
    <>
      <PageHeader title={title} backTo={paths.profile} />
      <main className="screen">
        <p role="status" className={styles.centre}>
          {said}
        </p>
        {!user.is_kyc_verified && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.kyc)}>
            Try Again
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate(paths.home)}>
          Go To Home
        </button>
      </main>
    </>
  )
}
