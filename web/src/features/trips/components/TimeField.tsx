import { useId, useMemo, useState } from 'react'
import styles from './PickerFields.module.css'
import { Dialog } from '@/components/Dialog'
import { clockMoment } from '@/components/trip/trip'
import { useI18n, type Locale } from '@/i18n'
import { htmlLangOf, languageOf } from '@/i18n/languages'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/trips'

type TimeFieldProps = {
  label: string
  /** "HH:MM", 24-hour */
  value: string
  onChange: (value: string) => void
  error?: string
  testId?: string
}

const pad = (value: number) => String(value).padStart(2, '0')
const HOURS = Array.from({ length: 12 }, (_, index) => index + 1)
const MINUTES = Array.from({ length: 60 }, (_, index) => index)
/** The clock's halves in the Timing dialog's picker (the options' values); their names are the language's. */
const HALVES = ['AM', 'PM'] as const
type Half = (typeof HALVES)[number]

/**
 * The halves' names as format.time writes them in the language, from Intl's own day period: "am" / "pm" in English
 * and Hindi, "AM" / "PM" in Kannada. Read off a morning and an evening hour of a clock in UTC, any clock's halves
 * being named alike.
 */
export function halfNames(locale: Locale): Record<Half, string> {
  const clock = new Intl.DateTimeFormat(`${htmlLangOf(languageOf(locale))}-u-nu-latn`, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
  })
  const dayPeriod = (hour: number, half: Half) =>
    clock.formatToParts(Date.UTC(2000, 0, 1, hour)).find((part) => part.type === 'dayPeriod')?.value ?? half
  return { AM: dayPeriod(9, 'AM'), PM: dayPeriod(21, 'PM') }
}

function toParts(value: string) {
  const [hours = 0, minutes = 0] = value.split(':').map(Number)
  return { hour: hours % 12 === 0 ? 12 : hours % 12, minute: minutes, half: hours < 12 ? 'AM' : 'PM' }
}

function fromParts(hour: number, minute: number, half: string): string {
  const hours = (hour % 12) + (half === 'PM' ? 12 : 0)
  return `${pad(hours)}:${pad(minute)}`
}

/** A time shown the language's way ("9:30 am"); changed in the 'Timing' dialog and kept only on Apply. */
export function TimeField({ label, value, onChange, error, testId }: TimeFieldProps) {
  const labelId = useId()
  const messageId = useId()
  const { t, locale } = useI18n()
  const format = useFormat()
  const halves = useMemo(() => halfNames(locale), [locale])
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(() => toParts(value))

  const openDialog = () => {
    setDraft(toParts(value || '09:00'))
    setOpen(true)
  }

  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <button
        type="button"
        className={`${styles.box} ${styles.button} ${error ? styles.invalid : ''}`}
        onClick={openDialog}
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-describedby={messageId}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        <span id={`${labelId}-value`} className={value ? styles.value : styles.placeholder}>
          {value ? format.time(clockMoment(value)) : t('trips.selectTime')}
        </span>
        <ClockGlyph />
      </button>
      <p id={messageId} className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </p>
      <Dialog open={open} title={t('trips.timing')} onClose={() => setOpen(false)} testId="time-dialog">
        <div className={styles.timeRow}>
          <label className={styles.timePart}>
            <span>{t('trips.hour')}</span>
            <select
              className="input"
              value={draft.hour}
              onChange={(event) => setDraft({ ...draft, hour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hour}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.timePart}>
            <span>{t('trips.minute')}</span>
            <select
              className="input"
              value={draft.minute}
              onChange={(event) => setDraft({ ...draft, minute: Number(event.target.value) })}
            >
              {MINUTES.map((minute) => (
                <option key={minute} value={minute}>
                  {pad(minute)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.timePart}>
            <span>{t('trips.amPm')}</span>
            <select className="input" value={draft.half} onChange={(event) => setDraft({ ...draft, half: event.target.value })}>
              {HALVES.map((half) => (
                <option key={half} value={half}>
                  {halves[half]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className={styles.dialogActions}>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setOpen(false)}>
            {t('trips.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => {
              onChange(fromParts(draft.hour, draft.minute, draft.half))
              setOpen(false)
            }}
          >
            {t('trips.apply')}
          </button>
        </div>
      </Dialog>
    </div>
  )
}

function ClockGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className={styles.icon}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </svg>
  )
}
