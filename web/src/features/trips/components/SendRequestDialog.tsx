import { useId, useState } from 'react'
import { useSendJoinRequest } from '../api/join'
import { joinRequestBody, noteError } from '../model/join'
import type { JoinStops } from '../model/join-stops'
import styles from './JoinDialogs.module.css'
import { JoinStopFields } from './JoinStopFields'
import { Dialog } from '@/components/Dialog'
import { Stepper } from '@/components/Stepper'
import { toast } from '@/components/toast'
import { LIMITS } from '@/generated/rules'
import { errorMessage } from '@/lib/api'
import { useI18n } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type SendRequestDialogProps = {
  tripId: number
  open: boolean
  onClose: () => void
  /** The pick-up and drop offered first, which the rider confirms or changes. */
  stops?: JoinStops
}

/**
 * 'Send Request & Join Trip': where the rider joins and leaves, luggage counts and an optional note for the host
 * (SPEC §5 send-request note).
 */
export function SendRequestDialog({ tripId, open, onClose, stops: offered }: SendRequestDialogProps) {
  // The rider's changes to the offered stops, kept until the request is sent.
  const [changedStops, setStops] = useState<JoinStops | null>(null)
  const stops = changedStops ?? offered
  const noteId = useId()
  const errorId = useId()
  const [large, setLarge] = useState(0)
  const [small, setSmall] = useState(0)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const send = useSendJoinRequest()
  const { t, message } = useI18n()

  const submit = () => {
    const problem = noteError(note, t)
    setError(problem)
    if (problem) return
    send.mutate(joinRequestBody(tripId, { large, small }, note, stops), {
      onSuccess: ({ message }) => {
        toast.success(message)
        setLarge(0)
        setSmall(0)
        setNote('')
        setStops(null)
        onClose()
      },
      onError: (failure) => toast.error(t('trips.cannotSendRequest', { error: message(errorMessage(failure)) })),
    })
  }

  return (
    <Dialog open={open} title={t('trips.sendRequestTitle')} onClose={onClose} testId="send-request-dialog">
      {stops && <JoinStopFields stops={stops} onChange={setStops} />}
      <p className={styles.lead}>{t('trips.luggageLead')}</p>
      <Stepper label={t('trips.luggage')} value={large} min={LIMITS.LUGGAGE_MIN} max={LIMITS.LUGGAGE_MAX} onChange={setLarge} />
      <Stepper label={t('trips.handheld')} value={small} min={LIMITS.LUGGAGE_MIN} max={LIMITS.LUGGAGE_MAX} onChange={setSmall} />
      <div className="field">
        <label className="field-label" htmlFor={noteId}>
          {t('trips.noteForHost')} <span className="field-optional">{t('common.optional')}</span>
        </label>
        <textarea
          id={noteId}
          className={`input ${styles.textarea}`}
          maxLength={LIMITS.TRIP_NOTE_MAX_LENGTH}
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setNote(event.target.value)
            setError(null)
          }}
        />
        <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
          {error}
        </p>
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('trips.cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-block" onClick={submit} disabled={send.isPending}>
          {t('trips.sendRequest')}
        </button>
      </div>
    </Dialog>
  )
}
