import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useCancelCab, useRaiseCabIssue } from '../api/cab'
import { rupees } from '../model/booking'
import {
  cabBlock,
  cabCancelledBecause,
  cabStatusLine,
  cancelReasonError,
  issueError,
  sayCabTextProblem,
  type Cab,
} from '../model/trip-cab'
import styles from './TripCab.module.css'
import { Dialog } from '@/components/Dialog'
import { CarIcon, FlagIcon, HelpIcon } from '@/components/icons'
import { SafeHtml } from '@/components/SafeHtml'
import { toast } from '@/components/toast'
import type { Trip } from '@/components/trip/trip'
import blocks from '@/components/trip/TripSheetBlock.module.css'
import { paths } from '@/config/paths'
import { CHOICES } from '@/generated/rules'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { errorMessage } from '@/lib/api'
import { tidyText } from '@/lib/free-text'
import { useConfig } from '@/lib/session'
import '@/i18n/catalogs/en/cab'

const STATUS_TONE: Partial<Record<string, string>> = {
  booked: styles.cabStatusGood,
  requested: styles.cabStatusInfo,
  cancelled: styles.cabStatusOver,
  vendor_cancelled: styles.cabStatusOver,
  unfulfilled: styles.cabStatusBad,
}

type Open = 'explain' | 'driver' | 'stops' | 'cancel' | 'issue' | null

/** The trip sheet's cab block by status and role (SPEC §4 Cab status) and its dialogs; the app sets it in the sheet. */
export function TripCab({ trip }: { trip: Trip }) {
  const t = useT()
  const { money } = useFormat()
  /** A fare the vendor has not told yet is left blank. */
  const fare = (amount: number | null | undefined): string => (amount == null ? '' : rupees(amount, money))
  const config = useConfig()
  const navigate = useNavigate()
  const [open, setOpen] = useState<Open>(null)
  const block = cabBlock(trip)
  const cab: Cab = trip.cab
  if (block.kind === 'hidden') return null
  const categories: Record<string, string> = config.valid_cab_categories ?? CHOICES.CAB_CATEGORIES
  const explain =
    block.kind === 'not-eligible'
      ? { heading: config.not_eligible_cab_explanation_heading, content: config.not_eligible_cab_explanation_content }
      : { heading: config.unfulfilled_cab_explanation_heading, content: config.unfulfilled_cab_explanation_content }
  const host = trip.is_current_user_host
  const issueRaised = cab.raised_issue != null
  // Any request the host made, a cancelled one too, can have an issue raised on it, once: afterwards the icon stays,
  // disabled (SPEC §4).
  const hasRequest = block.kind !== 'request-now' || cab.vendor != null || issueRaised
  const cancelledBecause = cabCancelledBecause(cab)

  return (
    <section className={blocks.block} aria-labelledby="trip-cab-heading" data-testid="trip-cab">
      <h3 id="trip-cab-heading" className={blocks.blockTitle}>
        <CarIcon size={18} /> {t('cab.cab')}
      </h3>
      <p className={styles.cabRow} data-testid="cab-status">
        <span className={`${styles.cabStatus} ${STATUS_TONE[cab.status] ?? ''}`}>{cabStatusLine(cab.status, host, t)}</span>
        {(block.kind === 'not-eligible' || block.kind === 'unfulfilled') && (
          <button
            type="button"
            className="icon-button"
            aria-label={explain.heading}
            title={explain.heading}
            onClick={() => setOpen('explain')}
          >
            <HelpIcon size={20} />
          </button>
        )}
      </p>
      {cancelledBecause && (
        <p className={styles.cabRow} data-testid="cab-cancelled-because">
          {t('cab.cancelledBecause', { reason: cancelledBecause })}
        </p>
      )}
      {block.kind === 'request-now' && (
        <>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => navigate(`${paths.cabBooking}?trip=${trip.id}`)}
          >
            {t('cab.requestNow')}
          </button>
        </>
      )}
      {(block.kind === 'booked' || block.kind === 'requested') && cab.vendor && (
        <dl className={styles.cabFacts} data-testid="cab-details">
          {block.kind === 'booked' && cab.driver && (
            <div>
              <dt>{t('cab.driver')}</dt>
              <dd>{cab.driver.name}</dd>
            </div>
          )}
          <div>
            <dt>{t('cab.vendor')}</dt>
            <dd>{cab.vendor.name}</dd>
          </div>
          <div>
            <dt>{t('cab.category')}</dt>
            <dd>{cab.category ? (categories[cab.category] ?? cab.category) : ''}</dd>
          </div>
          {cab.vehicle && (
            <div>
              <dt>{t('cab.vehicle')}</dt>
              <dd>
                {cab.vehicle.model} · {cab.vehicle.registration_number}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('cab.fare')}</dt>
            <dd>{fare(cab.fare)}</dd>
          </div>
          <div>
            <dt>{t('cab.stops')}</dt>
            <dd>{cab.number_of_stops}</dd>
          </div>
        </dl>
      )}
      <div className={styles.cabActions}>
        {cab.stops.length > 0 && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen('stops')}>
            {t('cab.stops')}
          </button>
        )}
        {block.kind === 'booked' && cab.driver && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen('driver')}>
            {t('cab.driverDetails')}
          </button>
        )}
        {host && (block.kind === 'requested' || block.kind === 'booked') && !trip.is_past && (
          <button type="button" className="btn btn-danger btn-small" onClick={() => setOpen('cancel')}>
            {t('cab.cancelCab')}
          </button>
        )}
        {host && hasRequest && block.kind !== 'not-eligible' && (
          <button
            type="button"
            className="icon-button"
            aria-label={issueRaised ? t('cab.issueRaised') : t('cab.raiseIssue')}
            title={issueRaised ? t('cab.issueRaised') : t('cab.raiseIssue')}
            disabled={issueRaised}
            onClick={() => setOpen('issue')}
          >
            <FlagIcon size={20} />
          </button>
        )}
      </div>

      <Dialog open={open === 'explain'} title={explain.heading} onClose={() => setOpen(null)}>
        <SafeHtml html={explain.content} className={blocks.explanation} />
        <button type="button" className="btn btn-primary btn-block" onClick={() => setOpen(null)}>
          {t('common.gotIt')}
        </button>
      </Dialog>
      <Dialog open={open === 'stops'} title={t('cab.stops')} onClose={() => setOpen(null)}>
        <ol className={styles.cabStops}>
          {cab.stops.map((stop) => (
            <li key={stop.place_id}>
              <span>{stop.name}</span>
              <span>{fare(stop.fare)}</span>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-primary btn-block" onClick={() => setOpen(null)}>
          {t('cab.close')}
        </button>
      </Dialog>
      <Dialog open={open === 'driver'} title={t('cab.driverDetails')} onClose={() => setOpen(null)}>
        <p>{cab.driver?.name}</p>
        {cab.driver?.contact.phone && (
          <a className="btn btn-primary btn-block" href={`tel:+91${cab.driver.contact.phone}`}>
            {t('cab.callDriver')}
          </a>
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setOpen(null)}>
          {t('cab.close')}
        </button>
      </Dialog>
      <CancelCabDialog tripId={trip.id} open={open === 'cancel'} onClose={() => setOpen(null)} />
      <RaiseIssueDialog tripId={trip.id} open={open === 'issue'} onClose={() => setOpen(null)} />
    </section>
  )
}

function CancelCabDialog({ tripId, open, onClose }: { tripId: number; open: boolean; onClose: () => void }) {
  const t = useT()
  const cancel = useCancelCab(tripId)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const confirm = async () => {
    const problem = cancelReasonError(reason)
    setError(problem && sayCabTextProblem(problem, t))
    if (problem) return
    try {
      const answer = await cancel.mutateAsync(tidyText(reason))
      toast.success(answer.message)
      onClose()
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  return (
    <Dialog open={open} title={t('cab.cancelCab')} onClose={onClose} testId="cancel-cab-dialog">
      <div className="field">
        <label htmlFor="cancel-cab-reason" className="field-label">
          {t('cab.reason')} <span className="field-optional">{t('common.optional')}</span>
        </label>
        <textarea
          id="cancel-cab-reason"
          className="input"
          rows={2}
          maxLength={300}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cancel-cab-reason-error' : undefined}
          onChange={(event) => {
            setReason(event.target.value)
            setError(null)
          }}
        />
        {error && (
          <span id="cancel-cab-reason-error" className="field-error">
            {error}
          </span>
        )}
      </div>
      <button type="button" className="btn btn-danger btn-block" disabled={cancel.isPending} onClick={() => void confirm()}>
        {t('cab.cancelCab')}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {t('cab.keepCab')}
      </button>
    </Dialog>
  )
}

function RaiseIssueDialog({ tripId, open, onClose }: { tripId: number; open: boolean; onClose: () => void }) {
  const t = useT()
  const raise = useRaiseCabIssue(tripId)
  const [issue, setIssue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const send = async () => {
    const problem = issueError(issue)
    setError(problem && sayCabTextProblem(problem, t))
    if (problem) return
    try {
      const answer = await raise.mutateAsync(tidyText(issue))
      toast.success(answer.message)
      onClose()
    } catch (failure) {
      toast.error(errorMessage(failure))
    }
  }
  return (
    <Dialog open={open} title={t('cab.raiseIssue')} onClose={onClose} testId="raise-issue-dialog">
      <div className="field">
        <label htmlFor="cab-issue" className="field-label">
          {t('cab.whatWentWrong')}
        </label>
        <textarea
          id="cab-issue"
          className="input"
          rows={3}
          maxLength={500}
          value={issue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cab-issue-error' : undefined}
          onChange={(event) => {
            setIssue(event.target.value)
            setError(null)
          }}
        />
        {error && (
          <span id="cab-issue-error" className="field-error">
            {error}
          </span>
        )}
      </div>
      <button type="button" className="btn btn-primary btn-block" disabled={raise.isPending} onClick={() => void send()}>
        {t('cab.send')}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {t('cab.cancel')}
      </button>
    </Dialog>
  )
}
