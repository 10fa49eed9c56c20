import { useId } from 'react'
import styles from './PickerFields.module.css'
import { CalendarIcon } from '@/components/icons'
import { useT } from '@/i18n'
import { fromIndiaWallTime } from '@/i18n/format'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/trips'

type DateFieldProps = {
  label: string
  /** "YYYY-MM-DD" */
  value: string
  min: string
  max: string
  onChange: (value: string) => void
  error?: string
  testId?: string
}

/** The phone's own date picker, with the chosen day shown the language's way (14 May 2026). */
export function DateField({ label, value, min, max, onChange, error, testId }: DateFieldProps) {
  const inputId = useId()
  const messageId = useId()
  const t = useT()
  const format = useFormat()
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className={`${styles.box} ${error ? styles.invalid : ''}`}>
        <span className={value ? styles.value : styles.placeholder} aria-hidden="true">
          {value ? format.date(fromIndiaWallTime(value)) : t('trips.selectDate')}
        </span>
        <CalendarIcon size={20} className={styles.icon} />
        <input
          id={inputId}
          type="date"
          className={styles.overlay}
          value={value}
          min={min}
          max={max}
          aria-invalid={Boolean(error)}
          aria-describedby={messageId}
          onChange={(event) => onChange(event.target.value)}
          onClick={(event) => {
            try {
              event.currentTarget.showPicker()
            } catch {
              // Browsers without showPicker open their picker on their own.
            }
          }}
          data-testid={testId}
        />
      </div>
      <p id={messageId} className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  )
}
