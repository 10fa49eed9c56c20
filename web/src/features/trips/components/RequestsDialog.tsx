import { useId, useRef } from 'react'
import { useHostDecision, type HostDecision } from '../api/join'
import { isTripFull, luggageSummary, pendingRequests, type Passenger } from '../model/join'
import styles from './JoinDialogs.module.css'
import { ProfileButton } from './ProfileButton'
import { RiderStopsLine } from './RiderStopsLine'
import { useFocusRescue } from './use-focus-rescue'
import { VerifiedMark } from './VerifiedMark'
import { Avatar } from '@/components/Avatar'
import { Dialog } from '@/components/Dialog'
import { ratingLine, type PersonAction } from '@/components/person'
import { toast } from '@/components/toast'
import { BookedThroughMark } from '@/components/trip/BookedThroughMark'
import type { Trip } from '@/components/trip/trip'
import { errorMessage } from '@/lib/api'
import { reliabilityLine } from '@/lib/reliability'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type RequestsDialogProps = { trip: Trip; open: boolean; onClose: () => void }

/** The host's pending requests, each with Accept and Decline; Accept waits while the trip is full (SPEC §4). */
export function RequestsDialog({ trip, open, onClose }: RequestsDialogProps) {
  const fullHintId = useId()
  const { t, message } = useI18n()
  const fullHint = t('trips.tripFullHint')
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
      toast.error(message(errorMessage(failure)))
      throw failure
    }
  }
  const ignore = () => undefined
  // The same decisions inside the requester's profile sheet, for a host who opened it to decide.
  const sheetActions = (person: Passenger): PersonAction[] => [
    {
      label: t('trips.decline'),
      name: person.name ? t('trips.declineName', { name: person.name }) : t('trips.declineRequest'),
      kind: 'secondary',
      run: () => answer(person.id, 'REJECT'),
    },
    {
      label: t('trips.accept'),
      name: person.name ? t('trips.acceptName', { name: person.name }) : t('trips.acceptRequest'),
      kind: 'primary',
      disabled: full,
      hint: full ? fullHint : undefined,
      run: () => answer(person.id, 'APPROVE'),
    },
  ]

  return (
    <Dialog open={open} title={t('trips.requests', { count: requests.length })} onClose={onClose} testId="requests-dialog">
      <div ref={listRef} tabIndex={-1} className={styles.listWrap}>
        {full && requests.length > 0 && (
          <p id={fullHintId} className={styles.hint}>
            {fullHint}
          </p>
        )}
        {requests.length === 0 ? (
          <p className={styles.empty}>{t('trips.noPendingRequests')}</p>
        ) : (
          <ul className={styles.people} aria-label={t('trips.pendingRequests')}>
            {requests.map((person) => {
              const luggage = luggageSummary(person, t)
              const busy = decide.isPending && decide.variables?.memberId === person.id
              return (
                <li key={person.id} className={styles.personCard} data-testid="join-request">
                  <div className={styles.personRow}>
                    <ProfileButton person={person} actions={sheetActions(person)} decorative>
                      <Avatar src={person.small_image_url} name={person.name} size={44} />
                    </ProfileButton>
                    <div className={styles.personText}>
                      <ProfileButton person={person} actions={sheetActions(person)} className={styles.personName}>
                        {person.name}
                        {person.is_kyc_verified && <VerifiedMark />}
                      </ProfileButton>
                      <BookedThroughMark app={person.booked_through} className={styles.caption} />
                      <span className={styles.caption}>{ratingLine(person, t)}</span>
                      <RiderStopsLine person={person} className={styles.caption} />
                      <span className={styles.caption}>{luggage ?? t('trips.noLuggage')}</span>
                      {person.reliability && (
                        <span className={styles.caption} data-testid="reliability">
                          {reliabilityLine(person.reliability, t)}
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
                      aria-label={person.name ? t('trips.declineName', { name: person.name }) : t('trips.declineRequest')}
                    >
                      {t('trips.decline')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-small btn-block"
                      disabled={busy || full}
                      aria-describedby={full ? fullHintId : undefined}
                      onClick={() => void answer(person.id, 'APPROVE').catch(ignore)}
                      aria-label={person.name ? t('trips.acceptName', { name: person.name }) : t('trips.acceptRequest')}
                    >
                      {t('trips.accept')}
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {t('trips.close')}
      </button>
    </Dialog>
  )
}
