import { useId, useRef } from 'react'
import { useHostDecision, type HostDecision } from '../api/join'
import { isTripFull, luggageSummary, pendingRequests, type Passenger } from '../model/join'
import styles from './JoinDialogs.module.css'
import { RiderStopsLine } from './RiderStopsLine'
import { useFocusRescue } from './use-focus-rescue'
import { VerifiedMark } from './VerifiedMark'
import { Avatar } from '@/components/Avatar'
import { Dialog } from '@/components/Dialog'
import { PersonButton, ratingLine, type PersonAction } from '@/components/person'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import { MESSAGES } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { reliabilityLine } from '@/lib/reliability'

const FULL_HINT = 'The trip is full. Remove a member or add seats to accept more requests.'

type RequestsDialogProps = { trip: Trip; open: boolean; onClose: () => void }

/** The host's pending requests, each with Accept and Decline; Accept waits while the trip is full (SPEC §4). */
export function RequestsDialog({ trip, open, onClose }: RequestsDialogProps) {
  const fullHintId = useId()
  const decide = useHostDecision(trip.id)
  const requests = pendingRequests(trip)
  const full = isTripFull(trip)
  const listRef = useRef<HTMLDivElement>(null)
  useFocusRescue(listRef, open, requests.length)

  const answer = async (memberId: number, action: HostDecision) => {
    try {
      const { message } = await decide.mutateAsync({ memberId, action })
      toast.success(message)
    } catch (failure) {
      toast.error(errorMessage(failure))
      throw failure
    }
  }
  const ignore = () => undefined
  // The same decisions inside the requester's profile sheet, for a host who opened it to decide.
  const sheetActions = (person: Passenger): PersonAction[] => [
    {
      label: 'Decline',
      name: `Decline ${person.name ?? 'request'}`,
      kind: 'secondary',
      run: () => answer(person.id, 'REJECT'),
    },
    {
      label: 'Accept',
      name: `Accept ${person.name ?? 'request'}`,
      kind: 'primary',
      disabled: full,
      hint: full ? FULL_HINT : undefined,
      run: () => answer(person.id, 'APPROVE'),
    },
  ]

  return (
    <Dialog open={open} title={`Requests(${requests.length})`} onClose={onClose} testId="requests-dialog">
      <div ref={listRef} tabIndex={-1} className={styles.listWrap}>
        {full && requests.length > 0 && (
          <p id={fullHintId} className={styles.hint}>
            {FULL_HINT}
          </p>
        )}
        {requests.length === 0 ? (
          <p className={styles.empty}>{MESSAGES.JOIN_NONE_WAITING}</p>
        ) : (
          <ul className={styles.people} aria-label="Pending requests">
            {requests.map((person) => {
              const luggage = luggageSummary(person)
              const busy = decide.isPending && decide.variables?.memberId === person.id
              return (
                <li key={person.id} className={styles.personCard} data-testid="join-request">
                  <div className={styles.personRow}>
                    <PersonButton person={person} actions={sheetActions(person)} decorative>
                      <Avatar src={person.small_image_url} name={person.name} size={44} />
                    </PersonButton>
                    <div className={styles.personText}>
                      <PersonButton person={person} actions={sheetActions(person)} className={styles.personName}>
                        {person.name}
                        {person.is_kyc_verified && <VerifiedMark />}
                      </PersonButton>
                      <span className={styles.caption}>{ratingLine(person)}</span>
                      <RiderStopsLine person={person} className={styles.caption} />
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
                      onClick={() => void answer(person.id, 'REJECT').catch(ignore)}
                      aria-label={`Decline ${person.name ?? 'request'}`}
                    >
                      Decline
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-small btn-block"
                      disabled={busy || full}
                      aria-describedby={full ? fullHintId : undefined}
                      onClick={() => void answer(person.id, 'APPROVE').catch(ignore)}
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
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        Close
      </button>
    </Dialog>
  )
}
