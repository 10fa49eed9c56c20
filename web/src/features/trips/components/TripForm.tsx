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
import { tripDateRange } from '@/components/trip/india-time'
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

type TripFormProps = {
  initial: TripFormValues
  purpose: 'create' | 'edit'
  submitLabel: string
  submitting: boolean
  onSubmit: (values: TripFormValues) => void
}

const FIELD_ORDER: TripFormField[] = ['origin', 'destination', 'date', 'time', 'estimatedCost', 'note']

/** The trip's places, schedule, seats, mode, booking and note; shared by Create Trip and Edit Trip. */
export function TripForm({ initial, purpose, submitLabel, submitting, onSubmit }: TripFormProps) {
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
    const found = validateTripForm(values, purpose)
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
            label="From"
            value={values.origin}
            locked={locked}
            error={errors.origin}
            onChange={(origin) => update({ ...values, origin }, ['origin'])}
            testId="trip-from"
          />
        </div>
        <div data-field="destination">
          <LocationPicker
            label="To"
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
              label="Date"
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
              label="Time"
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
              Repeat on <span className="field-optional">(optional)</span>
            </legend>
            <div className={styles.chips}>
              {WEEKDAYS.map(({ day, label, name }) => (
                <button
                  key={day}
                  type="button"
                  className={styles.chip}
                  aria-pressed={values.repeatOn.includes(day)}
                  onClick={() => update(withRepeatDay(values, day), ['date', 'time'])}
                >
                  <abbr title={name}>{label}</abbr>
                </button>
              ))}
            </div>
            <p className="field-hint">
              {values.repeatOn.length > 0
                ? 'A trip is published for each of these days, a week ahead, until you stop it in Trips › Hosting.'
                : 'Commuting? Pick the days and we publish the trip for you every week.'}
            </p>
          </fieldset>
        )}
      </div>

      <div className={styles.section}>
        <Stepper
          label="Passengers"
          value={values.totalPassengers}
          min={LIMITS.PASSENGERS_MIN}
          max={LIMITS.PASSENGERS_MAX}
          onChange={(totalPassengers) => update({ ...values, totalPassengers }, [])}
          testId="trip-passengers"
        />
        <ModeChoice
          legend="Preferred mode of transport"
          selected={[values.mode]}
          onToggle={(mode) => update(withMode(values, mode), ['estimatedCost'])}
        />
        <DetourChoice
          value={values.maxDetourMinutes}
          onChange={(maxDetourMinutes) => update({ ...values, maxDetourMinutes }, [])}
        />
        {values.mode !== MODES.undecided && (
          <fieldset className={styles.fieldset}>
            <legend className="field-label">Is the vehicle booked?</legend>
            <div className={styles.chips}>
              {[true, false].map((booked) => (
                <label key={String(booked)} className={styles.chip}>
                  <input
                    type="radio"
                    name="is-vehicle-booked"
                    checked={values.isVehicleBooked === booked}
                    onChange={() => update(withVehicleBooked(values, booked), ['estimatedCost'])}
                  />
                  <span>{booked ? 'Yes' : 'No'}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {values.mode !== MODES.undecided && values.isVehicleBooked && (
          <div className="field" data-field="estimatedCost">
            <label className="field-label" htmlFor={costId}>
              Estimated cost (₹)
            </label>
            <input
              id={costId}
              className="input"
              type="number"
              inputMode="decimal"
              min={LIMITS.ESTIMATED_COST_MIN}
              max={LIMITS.ESTIMATED_COST_MAX}
              step={LIMITS.ESTIMATED_COST_STEP}
              placeholder="Total fare for the vehicle"
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
              {errors.estimatedCost ?? `The whole fare, ₹${LIMITS.ESTIMATED_COST_MIN} to ₹${LIMITS.ESTIMATED_COST_MAX.toLocaleString('en-IN')}`}
            </p>
          </div>
        )}
        <div className="field" data-field="note">
          <label className="field-label" htmlFor={noteId}>
            Additional note <span className="field-optional">(optional)</span>
          </label>
          <textarea
            id={noteId}
            className={`input ${styles.textarea}`}
            rows={3}
            maxLength={LIMITS.TRIP_NOTE_MAX_LENGTH}
            placeholder="Pick-up point, luggage space, anything co-riders should know"
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
