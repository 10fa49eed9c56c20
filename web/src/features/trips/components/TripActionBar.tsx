import { useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { chatAvailability, tripActions } from '../model/join'
import { isAskedStillComing } from '../api/still-coming'
import { joinStopsFor, matchFromState } from '../model/join-stops'
import { lateCancelWarning } from '../model/late-cancel'
import { LeaveTripDialog } from './LeaveTripDialog'
import { RequestsDialog } from './RequestsDialog'
import { SendRequestDialog } from './SendRequestDialog'
import { StillComingBanner } from './StillComingBanner'
import styles from './TripActionBar.module.css'
import { useFocusRescue } from './use-focus-rescue'
import { Dialog } from '@/components/Dialog'
import type { Trip } from '@/components/trip/trip'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { getTripChat } from '@/lib/trips'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

/** The address that opens the host's pending requests over the sheet (SPEC §2). */
export const VIEW_REQUEST_PARAM = 'viewRequest'

type TripActionBarProps = {
  trip: Trip
  onAskQuery: () => void
  /** The configuration's late-cancel window; leaving inside it is warned of. */
  lateCancelWindowSeconds?: number
}

/** The sheet's bottom bar (SPEC §4 action buttons) and the dialogs its buttons open. */
export function TripActionBar({ trip, onAskQuery, lateCancelWindowSeconds }: TripActionBarProps) {
  const navigate = useNavigate()
  const { t, message } = useI18n()
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  const [sending, setSending] = useState(false)
  const [leaving, setLeaving] = useState<'leave' | 'cancel' | null>(null)
  const [chatAlert, setChatAlert] = useState(false)
  const { left, right } = tripActions(trip)
  const chat = chatAvailability(trip)
  const barRef = useRef<HTMLDivElement>(null)
  useFocusRescue(barRef, true, `${left}/${right?.kind}`)
  const viewingRequests = trip.is_current_user_host && params.get(VIEW_REQUEST_PARAM) === 'true'

  const setViewingRequests = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (open) next.set(VIEW_REQUEST_PARAM, 'true')
        else next.delete(VIEW_REQUEST_PARAM)
        return next
      },
      { replace: true },
    )

  const openChat = async () => {
    if (chat === 'nobody-joined') setChatAlert(true)
    if (chat !== 'open') return
    if (trip.chat_id != null) {
      navigate(paths.chatRoom(trip.chat_id))
      return
    }
    try {
      const found = await getTripChat(trip.id)
      navigate(paths.chatRoom(found.id))
    } catch (error) {
      toast.error(message(errorMessage(error)))
    }
  }

  if (!left && !right) return null

  return (
    <div ref={barRef} tabIndex={-1} className={styles.bar} data-testid="trip-actions">
      <StillComingBanner trip={trip} onLeave={() => setLeaving('leave')} />
      <div className={styles.buttons}>
        {left === 'chat' && (
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => void openChat()}
          >
            {t('trips.tripChat')}
          </button>
        )}
        {left === 'ask' && (
          <button type="button" className="btn btn-secondary btn-block" onClick={onAskQuery}>
            {t('trips.askQuery')}
          </button>
        )}
        {right?.kind === 'requests' && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setViewingRequests(true)}>
            {t('trips.requests', { count: right.count })}
          </button>
        )}
        {right?.kind === 'send' && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setSending(true)}>
            {t('trips.sendRequest')}
          </button>
        )}
        {right?.kind === 'cancel' && (
          <button type="button" className="btn btn-danger btn-block" onClick={() => setLeaving('cancel')}>
            {t('trips.cancelRequest')}
          </button>
        )}
        {right?.kind === 'leave' && (
          <button type="button" className="btn btn-danger btn-block" onClick={() => setLeaving('leave')}>
            {t('trips.leaveTrip')}
          </button>
        )}
        {right?.kind === 'review' && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.rating(trip.id))}>
            {t('trips.reviewTrip')}
          </button>
        )}
        {right?.kind === 'label' && (
          <span className={styles.label} data-testid="trip-member-status">
            {right.text === 'Removed' ? t('trips.removed') : t('trips.rejected')}
          </span>
        )}
      </div>

      <SendRequestDialog
        tripId={trip.id}
        open={sending}
        onClose={() => setSending(false)}
        stops={right?.kind === 'send' ? joinStopsFor(trip, matchFromState(location.state)) : undefined}
      />
      {leaving && (
        <LeaveTripDialog
          tripId={trip.id}
          mode={leaving}
          open
          onClose={() => setLeaving(null)}
          warning={
            // Asked "Still coming?" after the host's long move, leaving is no late cancellation.
            leaving === 'leave' && lateCancelWindowSeconds != null && !isAskedStillComing(trip)
              ? lateCancelWarning('leave', trip, lateCancelWindowSeconds, t)
              : null
          }
        />
      )}
      <RequestsDialog trip={trip} open={viewingRequests} onClose={() => setViewingRequests(false)} />
      <Dialog open={chatAlert} title={t('trips.alert')} onClose={() => setChatAlert(false)} testId="chat-alert">
        <p>{t('trips.chatNeedsMembers')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => setChatAlert(false)}>
          {t('trips.ok')}
        </button>
      </Dialog>
    </div>
  )
}
