import { useId, useRef } from 'react'
import { useHostDecision, type HostDecision } from '../api/join'
import { isTripFull, luggageSummary, pendingRequests } from '../model/join'
import styles from './JoinDialogs.module.css'
import { useFocusRescue } from './use-focus-rescue'
import { VerifiedMark } from './VerifiedMark'
import { Avatar } from '@/components/Avatar'
import { Dialog } from '@/components/Dialog'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import { errorMessage } from '@/lib/api'
import { reliabilityLine } from '@/lib/reliability'

type RequestsDialogProps = { trip: Trip; open: boolean; onClose: () => void }

/** The host's pending requests, each with Accept and Decline; Accept waits while the trip is full (SPEC §4). */
export function RequestsDialog({ trip, open, onClose }: RequestsDialogProps) {
  const fullHintId = useId()
  const decide = useHostDecision(trip.id)
  const requests = pendingRequests(trip)
  const full = isTripFull(trip)
  const listRef = useRef<HTMLDivElement>(null)
  useFocusRescue(listRef, open, requests.length)

  const answer = (memberId: number, action: HostDecision) =>
    decide.mutate(
      { memberId, action },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    )

  return (
    <Dialog open={open} title={`Requests(${requests.length})`} onClose={onClose} testId="requests-dialog">
      <div ref={listRef} tabIndex={-1} className={styles.listWrap}>
        {full && requests.length > 0 && (
          <p id={fullHintId} className={styles.hint}>
            The trip is full. Remove a member or add seats to accept more requests.
          </p>
        )}
        {requests.length === 0 ? (
          <p className={styles.empty}>No pending requests</p>
        ) : (
          <ul className={styles.people} aria-label="Pending requests">
            {requests.map((person) => {
              const luggage = luggageSummary(person)
              const busy = decide.isPending && decide.variables?.memberId === person.id
              return (
                <li key={person.id} className={styles.personCard} data-testid="join-request">
                  <div className={styles.personRow}>
                    <Avatar src={person.small_image_url} name={person.name} size={44} />
                    <div className={styles.personText}>
                      <span className={styles.personName}>
                        {person.name}
                        {person.is_kyc_verified && <VerifiedMark />}
                      </span>
                      <span className={styles.caption}>{luggage ?? 'No luggage'}</span>
                      {person.reliability && (
                        <span className={styles.caption} data-testid="reliability">
                          {reliabilityLine(person.reliability)}
                        </span>
                      )}
                    </div>
                  </div>
                  {person.additional_note && <p className={styles.personNote}>{person.additional_note}</p>}
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small btn-block"
                      disabled={busy}
                      onClick={() => answer(person.id, 'REJECT')}
                      aria-label={`Decline ${person.name ?? 'request'}`}
                    >
                      Decline
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-small btn-block"
                      disabled={busy || full}
                      aria-describedby={full ? fullHintId : undefined}
                      onClick={() => answer(person.id, 'APPROVE')}
                      aria-label={`Accept ${person.name ?? 'request'}`}
                    >
                      Accept
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
