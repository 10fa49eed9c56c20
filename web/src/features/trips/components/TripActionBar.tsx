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
      toast.error(errorMessage(error))
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
            Trip Chat
          </button>
        )}
        {left === 'ask' && (
          <button type="button" className="btn btn-secondary btn-block" onClick={onAskQuery}>
            Ask Query
          </button>
        )}
        {right?.kind === 'requests' && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setViewingRequests(true)}>
            {`Requests(${right.count})`}
          </button>
        )}
        {right?.kind === 'send' && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setSending(true)}>
            Send Request
          </button>
        )}
        {right?.kind === 'cancel' && (
          <button type="button" className="btn btn-danger btn-block" onClick={() => setLeaving('cancel')}>
            Cancel Request
          </button>
        )}
        {right?.kind === 'leave' && (
          <button type="button" className="btn btn-danger btn-block" onClick={() => setLeaving('leave')}>
            Leave Trip
          </button>
        )}
        {right?.kind === 'review' && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.rating(trip.id))}>
            Review Trip
          </button>
        )}
        {right?.kind === 'label' && (
          <span className={styles.label} data-testid="trip-member-status">
            {right.text}
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
              ? lateCancelWarning('leave', trip, lateCancelWindowSeconds)
              : null
          }
        />
      )}
      <RequestsDialog trip={trip} open={viewingRequests} onClose={() => setViewingRequests(false)} />
      <Dialog open={chatAlert} title="Alert" onClose={() => setChatAlert(false)} testId="chat-alert">
        <p>Chat is only available if someone has joined your trip.</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => setChatAlert(false)}>
          OK
        </button>
      </Dialog>
    </div>
  )
}
