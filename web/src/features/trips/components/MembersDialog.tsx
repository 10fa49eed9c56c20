import { useRef } from 'react'
import { useHostDecision } from '../api/join'
import { activeMembers, luggageSummary, type Passenger } from '../model/join'
import styles from './JoinDialogs.module.css'
import { ProfileButton } from './ProfileButton'
import { RiderStopsLine } from './RiderStopsLine'
import { useFocusRescue } from './use-focus-rescue'
import { VerifiedMark } from './VerifiedMark'
import { Avatar } from '@/components/Avatar'
import { Dialog } from '@/components/Dialog'
import { ratingLine } from '@/components/person'
import { toast } from '@/components/toast'
import { BookedThroughMark } from '@/components/trip/BookedThroughMark'
import type { Trip } from '@/components/trip/trip'
import { errorMessage } from '@/lib/api'
import { reliabilityLine } from '@/lib/reliability'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type MembersDialogProps = {
  trip: Trip
  open: boolean
  onClose: () => void
  onRemove: (member: Passenger) => void
  onBlock: (member: Passenger) => void
}

/** The host's list of active members with their records: each removable before the trip starts, or marked as a
 * no-show after it; each blockable. */
export function MembersDialog({ trip, open, onClose, onRemove, onBlock }: MembersDialogProps) {
  const members = activeMembers(trip)
  const { t, message } = useI18n()
  const markNoShow = useHostDecision(trip.id)
  const noShow = async (member: Passenger) => {
    try {
      const answer = await markNoShow.mutateAsync({ memberId: member.id, action: 'NO_SHOW' })
      toast.success(answer.message)
    } catch (error) {
      toast.error(message(errorMessage(error)))
    }
  }
  const listRef = useRef<HTMLDivElement>(null)
  useFocusRescue(listRef, open, members.length)
  return (
    <Dialog open={open} title={t('trips.members')} onClose={onClose} testId="members-dialog">
      <div ref={listRef} tabIndex={-1} className={styles.listWrap}>
        {members.length === 0 ? (
          <p className={styles.empty}>{t('trips.nobodyJoined')}</p>
        ) : (
          <ul className={styles.people} aria-label={t('trips.members')}>
            {members.map((member) => {
              const luggage = luggageSummary(member, t)
              return (
                <li key={member.id} className={styles.personCard} data-testid="trip-member">
                  <div className={styles.personRow}>
                    <ProfileButton person={member} decorative>
                      <Avatar src={member.small_image_url} name={member.name} size={44} />
                    </ProfileButton>
                    <div className={styles.personText}>
                      <ProfileButton person={member} className={styles.personName}>
                        {member.name}
                        {member.is_kyc_verified && <VerifiedMark />}
                      </ProfileButton>
                      <BookedThroughMark app={member.booked_through} className={styles.caption} />
                      <span className={styles.caption}>{ratingLine(member, t)}</span>
                      <RiderStopsLine person={member} className={styles.caption} />
                      {luggage && <span className={styles.caption}>{luggage}</span>}
                      {member.reliability && (
                        <span className={styles.caption} data-testid="reliability">
                          {reliabilityLine(member.reliability, t)}
                        </span>
                      )}
                    </div>
                  </div>
                  <div className={styles.actions}>
                    <button type="button" className="btn btn-secondary btn-small btn-block" onClick={() => onBlock(member)}>
                      {t('trips.reportAndBlockUser')}
                    </button>
                    {trip.is_past ? (
                      <button
                        type="button"
                        className="btn btn-danger btn-small btn-block"
                        disabled={markNoShow.isPending}
                        onClick={() => void noShow(member)}
                      >
                        {t('trips.markNoShow')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-danger btn-small btn-block"
                        onClick={() => onRemove(member)}
                      >
                        {t('trips.removeFromTrip')}
                      </button>
                    )}
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
