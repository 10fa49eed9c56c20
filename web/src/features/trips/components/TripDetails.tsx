import { useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { canReviewTrip, type Passenger } from '../model/join'
import { lateCancelWarning } from '../model/late-cancel'
import { BlockUserDialog, type BlockTarget } from './BlockUserDialog'
import { DeleteTripDialog } from './DeleteTripDialog'
import { MembersDialog } from './MembersDialog'
import { ProfileButton } from './ProfileButton'
import { RemoveMemberDialog } from './RemoveMemberDialog'
import { RiderStopsList } from './RiderStopsLine'
import { RouteMap } from './RouteMap'
import { shareTrip } from './share-trip'
import { ShareNumberDialog } from './ShareNumberDialog'
import { TripActionBar } from './TripActionBar'
import { TripMenu, type TripMenuItem } from './TripMenu'
import { TripQuestions } from './TripQuestions'
import styles from './TripSheet.module.css'
import { VerifiedMark } from './VerifiedMark'
import { Avatar } from '@/components/Avatar'
import { Dialog } from '@/components/Dialog'
import { Explanation } from '@/components/Explanation'
import { HelpIcon, LeafIcon, UsersIcon } from '@/components/icons'
import { PersonButton, ratingLine } from '@/components/person'
import { SafeHtml } from '@/components/SafeHtml'
import {
  co2Line,
  costRange,
  modeLabel,
  scheduleParts,
  tripWhen,
  timeOfDayLabel,
  tripDistance,
  type Trip,
} from '@/components/trip/trip'
import { BookedThroughMark } from '@/components/trip/BookedThroughMark'
import { TripBadges } from '@/components/trip/TripBadges'
import blocks from '@/components/trip/TripSheetBlock.module.css'
import { paths } from '@/config/paths'
import { useConfig } from '@/lib/session'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/trips'
import '@/i18n/catalogs/en/tripCard'

/** The blocks other features draw in the trip sheet, handed in by the app, which composes the features. */
export type TripSheetBlocks = {
  /** The cab block, below the cost and CO2. */
  cabBlock: (trip: Trip) => ReactNode
  /** The safety block (live link, SOS), below the trip's details. */
  safetyBlock: (trip: Trip) => ReactNode
  /** Others' SOS that still stands on the trip, above the trip's details. */
  sosBanner?: (trip: Trip) => ReactNode
}

type TripDetailsProps = TripSheetBlocks & { trip: Trip; withSearchPoint: boolean; onClose: () => void }

export function TripDetails({ trip, withSearchPoint, onClose, cabBlock, safetyBlock, sosBanner }: TripDetailsProps) {
  const config = useConfig()
  const navigate = useNavigate()
  const t = useT()
  const format = useFormat()
  const detailsRef = useRef<HTMLElement>(null)
  const questionRef = useRef<HTMLTextAreaElement>(null)
  const [deleting, setDeleting] = useState(false)
  const [explaining, setExplaining] = useState(false)
  const [showingMembers, setShowingMembers] = useState(false)
  const [sharingNumber, setSharingNumber] = useState(false)
  const [removing, setRemoving] = useState<Passenger | null>(null)
  const [blocking, setBlocking] = useState<BlockTarget | null>(null)
  const { hour } = scheduleParts(trip.scheduled_at)
  const host = trip.host
  const joined = trip.passengers.filter((passenger) => passenger.status === 'active')
  const cancelled = trip.status === 'CANCELLED'

  const showDetails = () => {
    detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    detailsRef.current?.focus({ preventScroll: true })
  }
  const askQuery = () => {
    questionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' })
    questionRef.current?.focus({ preventScroll: true })
  }
  const share: TripMenuItem = {
    label: t('trips.shareTrip'),
    onSelect: () => void shareTrip(config.share_trip_text, trip.id, t),
  }
  const details: TripMenuItem = { label: t('trips.tripDetails'), onSelect: showDetails }
  const members: TripMenuItem = { label: t('trips.members'), onSelect: () => setShowingMembers(true) }
  const shareNumber: TripMenuItem = { label: t('trips.shareNumber'), onSelect: () => setSharingNumber(true) }
  // Review Trip once the trip's time has passed and more than one person travelled (SPEC §4 Action buttons).
  const review: TripMenuItem[] = canReviewTrip(trip)
    ? [{ label: t('trips.reviewTrip'), onSelect: () => navigate(paths.rating(trip.id)) }]
    : []
  const menu: TripMenuItem[] = !trip.is_current_user_host
    ? [
        share,
        details,
        { label: t('trips.reportAndBlockUser'), danger: true, onSelect: () => setBlocking({ id: host.id, name: host.name }) },
      ]
    : cancelled
      ? [share, members, details]
      : trip.is_past
        ? // Edit and delete are only before the trip starts (SPEC §4), so a past trip does not offer them.
          [share, members, ...review, details, shareNumber]
        : [
            { label: t('trips.editTrip'), onSelect: () => navigate(paths.editTrip, { state: { trip } }) },
            share,
            members,
            ...review,
            { label: t('trips.deleteTrip'), danger: true, onSelect: () => setDeleting(true) },
            details,
            shareNumber,
          ]

  return (
    <>
      <header className={styles.hostRow}>
        <PersonButton person={host} decorative>
          <Avatar src={host.medium_image_url ?? host.small_image_url} name={host.name} size={48} />
        </PersonButton>
        <div className={styles.hostText}>
          <span className={styles.caption}>{trip.is_current_user_host ? t('trips.hostedByYou') : t('trips.hostedBy')}</span>
          <h2 className={styles.hostName}>
            <PersonButton person={host} className={styles.hostName}>
              <span className={styles.nameText} title={host.name ?? undefined} data-testid="trip-host">
                {host.name}
              </span>
              {host.is_kyc_verified && <VerifiedMark />}
            </PersonButton>
          </h2>
          <span className={styles.caption} data-testid="host-rating">
            {ratingLine(host, t)}
          </span>
        </div>
        <TripMenu items={menu} />
        <button type="button" className="icon-button" aria-label={t('trips.close')} title={t('trips.close')} onClick={onClose}>
          <CloseGlyph />
        </button>
      </header>
      {sosBanner?.(trip)}

      <section ref={detailsRef} tabIndex={-1} className={blocks.block} aria-label={t('trips.tripDetailsLabel')} data-testid="trip-details">
        <div className={styles.whenRow}>
          <div>
            <p className={styles.when} data-testid="trip-when">
              {tripWhen(trip.scheduled_at, format)}
            </p>
            <p className={styles.caption}>
              {timeOfDayLabel(hour, t)} · {modeLabel(trip.preferred_mode_of_transport, t)}
            </p>
          </div>
          <TripBadges trip={trip} />
        </div>

        <ol className={styles.route} aria-label={t('tripCard.route')}>
          <li>
            <span className={styles.dot} aria-hidden="true" />
            <span>
              <span className={styles.caption}>{t('trips.from')}</span>
              <span className={styles.place} data-testid="trip-origin">
                {trip.origin.name}
              </span>
            </span>
          </li>
          <li>
            <span className={`${styles.dot} ${styles.dotEnd}`} aria-hidden="true" />
            <span>
              <span className={styles.caption}>{t('trips.to')}</span>
              <span className={styles.place} data-testid="trip-destination">
                {trip.destination.name}
              </span>
            </span>
          </li>
        </ol>
        {trip.origin.is_approximate && (
          <p className={styles.caption} data-testid="approximate-ends">
            {t('trips.approximateEnds')}
          </p>
        )}
        <RouteMap trip={trip} />
        {trip.distance != null && (
          <p className={styles.caption} data-testid="trip-distance">
            {t('trips.tripDistance', { distance: tripDistance(trip, trip.distance, t) })}
          </p>
        )}
        {withSearchPoint && trip.distance_from_origin != null && trip.distance_from_destination != null && (
          <div className={styles.walking}>
            <p>
              {t('trips.fromYourEnds', {
                origin: tripDistance(trip, trip.distance_from_origin, t),
                destination: tripDistance(trip, trip.distance_from_destination, t),
              })}
            </p>
            <button
              type="button"
              className="icon-button"
              aria-label={config.walking_distance_explanation_heading}
              title={config.walking_distance_explanation_heading}
              onClick={() => setExplaining(true)}
            >
              <HelpIcon size={20} />
            </button>
          </div>
        )}
      </section>

      {safetyBlock(trip)}

      <section className={blocks.block} aria-labelledby="trip-people-heading">
        <h3 id="trip-people-heading" className={blocks.blockTitle}>
          <UsersIcon size={18} />{' '}
          {t('trips.peopleJoined', { active: trip.active_passenger_count, total: trip.total_passengers })}
        </h3>
        <ul className={styles.people}>
          {joined.map((person) => (
            <li key={person.id} className={styles.person}>
              <ProfileButton person={person} className={styles.personLink}>
                <Avatar src={person.small_image_url} name={person.name} size={40} />
                <span className={styles.personName}>
                  {person.name}
                  {person.is_kyc_verified && <VerifiedMark />}
                </span>
              </ProfileButton>
              <span className={styles.caption}>{person.type === 'host' ? t('trips.host') : t('trips.member')}</span>
              <BookedThroughMark app={person.booked_through} compact className={styles.bookedVia} />
            </li>
          ))}
        </ul>
        <RiderStopsList people={joined.filter((person) => person.type !== 'host')} />
      </section>

      <section className={styles.facts} aria-label={t('trips.costAndCo2')}>
        <div className={styles.fact}>
          <span className={`${styles.caption} ${styles.factLabel}`}>
            {t('trips.costPerPerson')}
            <Explanation
              heading={config.estimated_cost_explanation_heading}
              content={config.estimated_cost_explanation_content}
              size={16}
              className={styles.factInfo}
              testId="cost-explanation"
            />
          </span>
          <span className={styles.factValue} data-testid="trip-cost">
            {costRange(trip.estimated_cost, trip.total_passengers, t, format.money)}
          </span>
        </div>
        <div className={styles.fact}>
          <span className={`${styles.caption} ${styles.factLabel}`}>
            <LeafIcon size={14} /> {t('trips.co2')}
            <Explanation
              heading={config.co2_explanation_heading}
              content={config.co2_explanation_content}
              size={16}
              className={styles.factInfo}
              testId="co2-explanation"
            />
          </span>
          <span className={styles.factValue} data-testid="trip-co2">
            {co2Line(trip, t)}
          </span>
        </div>
      </section>

      {cabBlock(trip)}

      {trip.additional_note && (
        <section className={blocks.block} aria-labelledby="trip-note-heading">
          <h3 id="trip-note-heading" className={blocks.blockTitle}>
            {t('trips.additionalNote')}
          </h3>
          <p className={styles.note}>{trip.additional_note}</p>
        </section>
      )}

      <TripQuestions trip={trip} inputRef={questionRef} />

      <TripActionBar trip={trip} onAskQuery={askQuery} lateCancelWindowSeconds={config.late_cancel_window_seconds} />

      <DeleteTripDialog
        tripId={trip.id}
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={onClose}
        warning={deleting ? lateCancelWarning('delete', trip, config.late_cancel_window_seconds, t) : null}
      />
      <MembersDialog
        trip={trip}
        open={showingMembers}
        onClose={() => setShowingMembers(false)}
        onRemove={setRemoving}
        onBlock={(member) => setBlocking({ id: member.id, name: member.name })}
      />
      <RemoveMemberDialog
        tripId={trip.id}
        member={removing}
        onClose={() => setRemoving(null)}
        warning={removing ? lateCancelWarning('remove', trip, config.late_cancel_window_seconds, t) : null}
      />
      <BlockUserDialog
        person={blocking}
        onClose={() => setBlocking(null)}
        onBlocked={() => {
          if (blocking?.id === host.id) onClose()
        }}
      />
      <ShareNumberDialog open={sharingNumber} onClose={() => setSharingNumber(false)} />
      <Dialog
        open={explaining}
        title={config.walking_distance_explanation_heading}
        onClose={() => setExplaining(false)}
        testId="walking-distance-dialog"
      >
        <SafeHtml html={config.walking_distance_explanation_content} className={blocks.explanation} />
        <button type="button" className="btn btn-primary btn-block" onClick={() => setExplaining(false)}>
          {t('common.gotIt')}
        </button>
      </Dialog>
    </>
  )
}

function CloseGlyph() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
