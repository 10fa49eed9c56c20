import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  emergencyContactsQueryOptions,
  sosQueryOptions,
  tripShareQueryOptions,
  useRaiseSos,
  useResolveSos,
  useShareTrip,
  useStopSharingTrip,
  type IncidentStatus,
} from '../api/safety'
import { quickPosition } from '../model/sos-location'
import styles from './Safety.module.css'
import { SosHoldButton } from './SosHoldButton'
import { ShieldIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import blocks from '@/components/trip/TripSheetBlock.module.css'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useT, type Key } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { shareOrCopy } from '@/lib/share'
import { storage } from '@/lib/storage'
import '@/i18n/catalogs/en/safety'

/** While the trip sheet is open its SOS is read this often, besides whatever the live updates tell. */
export const SOS_REFRESH_MS = 15_000

const isMember = (trip: Trip) => trip.is_current_user_host || trip.user_status === 'active'

/**
 * The trip sheet's safety block, for the host and active members: the first-trip nudge to add emergency contacts,
 * the live link to share, and SOS (press and hold) with 112 beside it; while an SOS stands, its banner and "I am safe".
 */
export function TripSafety({ trip }: { trip: Trip }) {
  const t = useT()
  if (!isMember(trip) || trip.status === 'CANCELLED') return null
  return (
    <section className={blocks.block} aria-labelledby="trip-safety-heading" data-testid="trip-safety">
      <h3 id="trip-safety-heading" className={blocks.blockTitle}>
        <ShieldIcon size={18} /> {t('safety.safety')}
      </h3>
      <ContactsNudge />
      <TripSos tripId={trip.id} />
      <LiveLink tripId={trip.id} />
    </section>
  )
}

/** Shown once a person with no emergency contacts opens a trip of theirs, until they add some or dismiss it. */
function ContactsNudge() {
  const t = useT()
  const contacts = useQuery(emergencyContactsQueryOptions())
  const [dismissed, setDismissed] = useState(() => Boolean(storage.contactsNudgeDismissed.get()))
  if (dismissed || !contacts.isSuccess || contacts.data.length > 0) return null
  const dismiss = () => {
    storage.contactsNudgeDismissed.set(true)
    setDismissed(true)
  }
  return (
    <div className={styles.nudge} role="note" aria-label={t('safety.addContacts')} data-testid="contacts-nudge">
      <p>
        <Link to={paths.emergencyContacts} className={styles.nudgeLink}>
          {t('safety.addContacts')}
        </Link>
        <span className="muted"> {t('safety.nudge')}</span>
      </p>
      <button type="button" className="icon-button" aria-label={t('common.dismiss')} title={t('common.dismiss')} onClick={dismiss}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}

const CALL_112 = `tel:${LIMITS.EMERGENCY_NUMBER}`

function Call112({ tone = 'secondary' }: { tone?: 'secondary' | 'danger' }) {
  const t = useT()
  return (
    <a className={`btn btn-small btn-${tone}`} href={CALL_112} data-testid="call-112">
      {t('safety.call', { number: LIMITS.EMERGENCY_NUMBER })}
    </a>
  )
}

const STANDING_WORDS = {
  open: 'safety.sosOpen',
  escalated: 'safety.sosEscalated',
  acknowledged: 'safety.sosAcknowledged',
} as const satisfies Record<IncidentStatus, Key>

function TripSos({ tripId }: { tripId: number }) {
  const t = useT()
  const sos = useQuery({ ...sosQueryOptions(tripId), refetchInterval: SOS_REFRESH_MS })
  const raise = useRaiseSos(tripId)
  const resolve = useResolveSos(tripId)
  const [locating, setLocating] = useState(false)

  const raiseSos = async () => {
    setLocating(true)
    const where = await quickPosition()
    setLocating(false)
    try {
      const answer = await raise.mutateAsync(where)
      toast.success(answer.message)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  const imSafe = async () => {
    try {
      const answer = await resolve.mutateAsync()
      toast.success(answer.message)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const status = sos.data?.status ?? null
  if (status) {
    return (
      <div className={styles.sosBanner} role="alert" data-testid="sos-banner">
        <p className={styles.sosBannerTitle}>{t('safety.sosRaised')}</p>
        <p>{t(STANDING_WORDS[status])}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            disabled={resolve.isPending}
            onClick={() => void imSafe()}
          >
            {resolve.isPending ? t('safety.sending') : t('safety.imSafe')}
          </button>
          <Call112 tone="danger" />
        </div>
      </div>
    )
  }
  return (
    <div className={styles.sosRow}>
      {sos.data?.available && <SosHoldButton onHeld={() => void raiseSos()} busy={locating || raise.isPending} />}
      <Call112 />
    </div>
  )
}

/** The person's live link to the trip, read from the API so that it shows again after a reload; sharing and
 * turning it off set it. */
function LiveLink({ tripId }: { tripId: number }) {
  const t = useT()
  const queryClient = useQueryClient()
  const shareKey = tripShareQueryOptions(tripId).queryKey
  const shared = useQuery(tripShareQueryOptions(tripId)).data
  const share = useShareTrip(tripId)
  const stop = useStopSharingTrip(tripId)

  const shareLive = async () => {
    try {
      const { data } = await share.mutateAsync()
      queryClient.setQueryData(shareKey, data)
      const outcome = await shareOrCopy({ title: t('common.appName'), text: t('safety.followLive'), url: data.url }, data.url)
      if (outcome === 'copied') toast.success(t('safety.linkCopied'))
      if (outcome === 'unsupported') toast.error(t('safety.shareUnsupported'))
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  const stopSharing = async () => {
    try {
      const answer = await stop.mutateAsync()
      queryClient.setQueryData(shareKey, null)
      toast.success(answer.message)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <div className={styles.liveLink}>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          disabled={share.isPending}
          onClick={() => void shareLive()}
          data-testid="share-live"
        >
          {share.isPending ? t('safety.sharing') : t('safety.shareLive')}
        </button>
        {shared && (
          <button
            type="button"
            className="btn btn-small btn-secondary"
            disabled={stop.isPending}
            onClick={() => void stopSharing()}
            data-testid="stop-sharing"
          >
            {t('safety.stopSharing')}
          </button>
        )}
      </div>
      {shared && (
        <p className={styles.linkLine}>
          <span className="muted">{t('safety.liveLink')} </span>
          <a href={shared.url} className={styles.link} data-testid="live-link">
            {shared.url}
          </a>
        </p>
      )}
    </div>
  )
}
