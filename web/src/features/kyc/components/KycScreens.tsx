import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { reportKycResult, useStartKyc } from '../api/kyc'
import {
  APPROVED_PAUSE_MS,
  ENDINGS,
  endingMessage,
  isWidgetOutcome,
  OUTCOME_SCREENS,
  PROCESSING_POLL_MS,
  PROCESSING_TIMEOUT_MS,
  processingNext,
  REVIEW_LOOK_MS,
  reviewLooksAgain,
  type KycEnding,
} from '../model/outcome'
import styles from './Kyc.module.css'
import { Avatar } from '@/components/Avatar'
import { Busy } from '@/components/Busy'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { isKycEnabled, useConfig, useCurrentUser, userQueryOptions } from '@/lib/session'
import '@/i18n/catalogs/en/kyc'

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
  const t = useT()
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
      <PageHeader title={t('kyc.verifyTitle')} backTo={paths.profile} />
      <main className="screen">
        <p>{t('kyc.intro')}</p>
        <ol className={styles.steps}>
          <li>{t('kyc.stepDocument')}</li>
          <li>{t('kyc.stepSelfie')}</li>
          <li>{t('kyc.stepResult')}</li>
        </ol>
        <button type="button" className="btn btn-primary btn-block" disabled={start.isPending} onClick={() => void begin()}>
          {start.isPending ? t('kyc.starting') : t('kyc.start')}
        </button>
      </main>
    </>
  )
}

/** Back from the widget: its word is passed on (the server asks the vendor), then the matching screen. */
function KycReturn({ transactionId, status }: { transactionId: string; status: string | null }) {
  const t = useT()
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
  return <Waiting title={t('kyc.verifyTitle')} text={t('kyc.checkingVerification')} />
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
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // A failed look is not asked again: SPEC §4 sends a fetch failure to the error screen.
  const user = useQuery({ ...userQueryOptions(), refetchInterval: PROCESSING_POLL_MS, staleTime: 0, retry: false })
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
      title={t('kyc.processingTitle')}
      text={approved ? t('kyc.verifiedMoment') : t('kyc.verifying')}
    />
  )
}

/** /kyc/success: the verified person, with confetti; home after 4 s. */
export function KycSuccessScreen() {
  const t = useT()
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
      <PageHeader title={t('kyc.verifiedTitle')} backTo={paths.home} />
      <main className="screen">
        <section className={styles.celebration} aria-labelledby="kyc-success-title">
          <Confetti />
          <Avatar src={user.medium_image_url} name={user.name} size={96} alt={user.name ?? ''} />
          <h2 id="kyc-success-title" className={styles.title}>
            {t('kyc.congratulations', { name: user.name ?? '' })}
          </h2>
          <p role="status">{t('kyc.verifiedText')}</p>
        </section>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.home, { replace: true })}>
          {t('kyc.goHome')}
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

/**
 * /kyc/review: looks again up to 4 times, 1 s apart, while the application waits (for the vendor's word or a manual
 * review); an approval or a refusal found meanwhile leads to its screen.
 */
export function KycReviewScreen() {
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const user = useCurrentUser()
  const [looking, setLooking] = useState(true)
  const next = processingNext(user)

  useEffect(() => {
    let stopped = false
    let timer: number | undefined
    const look = async (looks: number) => {
      try {
        const fresh = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0, retry: false })
        if (stopped) return
        if (reviewLooksAgain(fresh.kyc_status, looks + 1)) {
          timer = window.setTimeout(() => void look(looks + 1), REVIEW_LOOK_MS)
          return
        }
      } catch {
        // The message below stands; the profile shows the application when the server answers again.
      }
      if (!stopped) setLooking(false)
    }
    void look(0)
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [queryClient])

  useEffect(() => {
    if (next === 'success' || next === 'rejected' || next === 'error' || next === 'cancelled') {
      navigate(paths.kycOutcome(next), { replace: true })
    }
  }, [next, navigate])

  const noWordYet = looking && user.kyc_status !== 'needs_review'
  return (
    <>
      <PageHeader title={t('kyc.reviewTitle')} backTo={paths.profile} />
      <main className="screen">
        {noWordYet ? (
          <Busy text={t('kyc.checkingApplication')} />
        ) : (
          <p role="status" className={styles.centre}>
            {t('kyc.underReview')}
          </p>
        )}
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.profile)}>
          {t('kyc.backToProfile')}
        </button>
      </main>
    </>
  )
}

/** /kyc/rejected, /kyc/error, /kyc/cancelled: what happened, and a way to try again. */
export function KycEndScreen({ ending }: { ending: KycEnding }) {
  const t = useT()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // The server records the outcome a moment after the widget returns: the profile should show it afterwards.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey })
  }, [queryClient])
  const message = endingMessage(ending, user)
  const said = 'said' in message ? message.said : t(message.key)
  return (
    <>
      <PageHeader title={t(ENDINGS[ending].title)} backTo={paths.profile} />
      <main className="screen">
        <p role="status" className={styles.centre}>
          {said}
        </p>
        {!user.is_kyc_verified && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.kyc)}>
            {t('kyc.tryAgain')}
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate(paths.home)}>
          {t('kyc.goHome')}
        </button>
      </main>
    </>
  )
}
