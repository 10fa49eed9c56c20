import { useId } from 'react'
import { CUSTOM_REASON, reasonLabel } from '../model/join'
import styles from './JoinDialogs.module.css'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type ReasonPickerProps = {
  legend: string
  presets: readonly string[]
  /** The label of the write-your-own choice. */
  customLabel: string
  choice: string
  custom: string
  error: string | null
  onChoice: (choice: string) => void
  onCustom: (custom: string) => void
}

/** Preset reasons as radio buttons, the first chosen by default, plus one to write your own (SPEC §5 reasons). */
export function ReasonPicker({ legend, presets, customLabel, choice, custom, error, onChoice, onCustom }: ReasonPickerProps) {
  const name = useId()
  const customId = useId()
  const errorId = useId()
  const t = useT()
  return (
    <>
      <fieldset className={styles.reasons}>
        <legend className="field-label">{legend}</legend>
        {[...presets, CUSTOM_REASON].map((reason) => (
          <label key={reason} className={styles.reason}>
            <input type="radio" name={name} checked={choice === reason} onChange={() => onChoice(reason)} />
            <span>{reason === CUSTOM_REASON ? customLabel : reasonLabel(reason, t)}</span>
          </label>
        ))}
      </fieldset>
      {choice === CUSTOM_REASON && (
        <div className="field">
          <label className="field-label" htmlFor={customId}>
            {t('trips.yourReason')}
          </label>
          <textarea
            id={customId}
            className={`input ${styles.textarea}`}
            maxLength={LIMITS.TRIP_NOTE_MAX_LENGTH}
            value={custom}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onCustom(event.target.value)}
          />
        </div>
      )}
      <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </>
  )
}
