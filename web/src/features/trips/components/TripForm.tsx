import { useId, useRef, useState, type FormEvent } from 'react'
import {
  type TripFormErrors,
  type TripFormField,
  type TripFormValues,
  validateTripForm,
  withMode,
  withRepeatDay,
  withVehicleBooked,
} from '../model/trip-form'
import { tripDateRange } from '../model/trip-dates'
import { DateField } from './DateField'
import { DetourChoice } from './DetourChoice'
import { LocationPicker } from './LocationPicker'
import { ModeChoice } from './ModeChoice'
import { TimeField } from './TimeField'
import styles from './TripForm.module.css'
import { Stepper } from '@/components/Stepper'
import { MODES } from '@/components/trip/trip'
import { LIMITS } from '@/generated/rules'
import { WEEKDAYS } from '@/lib/commutes'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/trips'

type TripFormProps = {
  initial: TripFormValues
  purpose: 'create' | 'edit'
  submitLabel: string
  submitting: boolean
  onSubmit: (values: TripFormValues) => void
}

/** Each weekday's short and full name, Monday first (ISO weekday 1). */
const WEEKDAY_KEYS = [
  { label: 'trips.day1', name: 'trips.dayName1' },
  { label: 'trips.day2', name: 'trips.dayName2' },
  { label: 'trips.day3', name: 'trips.dayName3' },
  { label: 'trips.day4', name: 'trips.dayName4' },
  { label: 'trips.day5', name: 'trips.dayName5' },
  { label: 'trips.day6', name: 'trips.dayName6' },
  { label: 'trips.day7', name: 'trips.dayName7' },
] as const

const FIELD_ORDER: TripFormField[] = ['origin', 'destination', 'date', 'time', 'estimatedCost', 'note']

/** The trip's places, schedule, seats, mode, booking and note; shared by Create Trip and Edit Trip. */
export function TripForm({ initial, purpose, submitLabel, submitting, onSubmit }: TripFormProps) {
  const t = useT()
  const format = useFormat()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<TripFormErrors>({})
  const formRef = useRef<HTMLFormElement>(null)
  const noteId = useId()
  const costId = useId()
  const costMessageId = useId()
  const locked = purpose === 'edit'
  const range = tripDateRange()

  const update = (next: TripFormValues, cleared: TripFormField[]) => {
    setValues(next)
    if (cleared.some((field) => errors[field])) {
      setErrors((current) => {
        const rest = { ...current }
        for (const field of cleared) delete rest[field]
        return rest
      })
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = validateTripForm(values, purpose, t)
    setErrors(found)
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, textarea, button)`)?.focus()
      return
    }
    onSubmit(values)
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.section}>
        <div data-field="origin">
          <LocationPicker
            label={t('trips.from')}
            value={values.origin}
            locked={locked}
            error={errors.origin}
            onChange={(origin) => update({ ...values, origin }, ['origin'])}
            testId="trip-from"
          />
        </div>
        <div data-field="destination">
          <LocationPicker
            label={t('trips.to')}
            value={values.destination}
            locked={locked}
            error={errors.destination}
            onChange={(destination) => update({ ...values, destination }, ['destination'])}
            testId="trip-to"
          />
        </div>
        <div className={styles.pair}>
          <div data-field="date">
            <DateField
              label={t('trips.date')}
              value={values.date}
              min={range.min}
              max={range.max}
              error={errors.date}
              onChange={(date) => update({ ...values, date }, ['date', 'time'])}
              testId="trip-date"
            />
          </div>
          <div data-field="time">
            <TimeField
              label={t('trips.time')}
              value={values.time}
              error={errors.time}
              onChange={(time) => update({ ...values, time }, ['time'])}
              testId="trip-time"
            />
          </div>
        </div>
        {purpose === 'create' && (
          <fieldset className={styles.repeat}>
            <legend className="field-label">
              {t('trips.repeatOn')} <span className="field-optional">{t('common.optional')}</span>
            </legend>
            <div className={styles.chips}>
              {WEEKDAYS.map(({ day }) => (
                <button
                  key={day}
                  type="button"
                  className={styles.chip}
                  aria-pressed={values.repeatOn.includes(day)}
                  onClick={() => update(withRepeatDay(values, day), ['date', 'time'])}
                >
                  <abbr title={t(WEEKDAY_KEYS[day - 1].name)}>{t(WEEKDAY_KEYS[day - 1].label)}</abbr>
                </button>
              ))}
            </div>
            <p className="field-hint">
              {values.repeatOn.length > 0 ? t('trips.repeatHintOn') : t('trips.repeatHintOff')}
            </p>
          </fieldset>
        )}
      </div>

      <div className={styles.section}>
        <Stepper
          label={t('trips.passengers')}
          value={values.totalPassengers}
          min={LIMITS.PASSENGERS_MIN}
          max={LIMITS.PASSENGERS_MAX}
          onChange={(totalPassengers) => update({ ...values, totalPassengers }, [])}
          testId="trip-passengers"
        />
        <ModeChoice
          legend={t('trips.preferredMode')}
          selected={[values.mode]}
          onToggle={(mode) => update(withMode(values, mode), ['estimatedCost'])}
        />
        <DetourChoice
          value={values.maxDetourMinutes}
          onChange={(maxDetourMinutes) => update({ ...values, maxDetourMinutes }, [])}
        />
        {values.mode !== MODES.undecided && (
          <fieldset className={styles.fieldset}>
            <legend className="field-label">{t('trips.isVehicleBooked')}</legend>
            <div className={styles.chips}>
              {[true, false].map((booked) => (
                <label key={String(booked)} className={styles.chip}>
                  <input
                    type="radio"
                    name="is-vehicle-booked"
                    checked={values.isVehicleBooked === booked}
                    onChange={() => update(withVehicleBooked(values, booked), ['estimatedCost'])}
                  />
                  <span>{booked ? t('trips.yes') : t('trips.no')}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {values.mode !== MODES.undecided && values.isVehicleBooked && (
          <div className="field" data-field="estimatedCost">
            <label className="field-label" htmlFor={costId}>
              {t('trips.estimatedCost')}
            </label>
            <input
              id={costId}
              className="input"
              type="number"
              inputMode="decimal"
              min={LIMITS.ESTIMATED_COST_MIN}
              max={LIMITS.ESTIMATED_COST_MAX}
              step={LIMITS.ESTIMATED_COST_STEP}
              placeholder={t('trips.totalFare')}
              value={values.estimatedCost}
              aria-invalid={Boolean(errors.estimatedCost)}
              aria-describedby={costMessageId}
              onChange={(event) => update({ ...values, estimatedCost: event.target.value }, ['estimatedCost'])}
            />
            <p
              id={costMessageId}
              className={errors.estimatedCost ? 'field-error' : 'field-hint'}
              role={errors.estimatedCost ? 'alert' : undefined}
            >
              {errors.estimatedCost ??
                t('trips.costHint', {
                  min: format.money(LIMITS.ESTIMATED_COST_MIN),
                  max: format.money(LIMITS.ESTIMATED_COST_MAX),
                })}
            </p>
          </div>
        )}
        <div className="field" data-field="note">
          <label className="field-label" htmlFor={noteId}>
            {t('trips.additionalNote')} <span className="field-optional">{t('common.optional')}</span>
          </label>
          <textarea
            id={noteId}
            className={`input ${styles.textarea}`}
            rows={3}
            maxLength={LIMITS.TRIP_NOTE_MAX_LENGTH}
            placeholder={t('trips.notePlaceholder')}
            value={values.note}
            aria-invalid={Boolean(errors.note)}
            onChange={(event) => update({ ...values, note: event.target.value }, ['note'])}
          />
          <p
            className={errors.note ? 'field-error' : 'field-hint'}
            role={errors.note ? 'alert' : undefined}
            aria-live="polite"
          >
            {errors.note ?? `${values.note.length}/${LIMITS.TRIP_NOTE_MAX_LENGTH}`}
          </p>
        </div>
      </div>

      <div className={styles.footer}>
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
