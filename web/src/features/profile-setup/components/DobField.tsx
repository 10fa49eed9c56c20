import { useId, useRef } from 'react'
import { CalendarIcon } from '@/components/icons'
import { useT } from '@/i18n'
import { dobRange, formatDdMmYyyy, formatIsoDate, maskDdMmYyyy, parseDdMmYyyy, parseIsoDate } from '@/lib/time'
import '@/i18n/catalogs/en/profileSetup'

type DobFieldProps = {
  value: string
  onChange: (value: string) => void
  error?: string | null
  disabled?: boolean
  hint?: string
}

/** Date of birth typed as DD-MM-YYYY, or picked from the browser's calendar (last 100 years up to today). */
export function DobField({ value, onChange, error, disabled, hint }: DobFieldProps) {
  const t = useT()
  const inputId = useId()
  const messageId = useId()
  const picker = useRef<HTMLInputElement>(null)
  const { min, max } = dobRange()
  const picked = parseDdMmYyyy(value)

  const openCalendar = () => {
    const input = picker.current
    if (!input) return
    try {
      input.showPicker()
    } catch {
      input.click()
    }
  }

  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {t('profileSetup.dob')}
      </label>
      <div style={{ display: 'flex', gap: 8 }}>
        <input
          id={inputId}
          className="input"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t('profileSetup.dobPlaceholder')}
          maxLength={10}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(maskDdMmYyyy(event.target.value))}
          aria-invalid={Boolean(error)}
          aria-describedby={messageId}
          data-testid="dob-input"
        />
        <button
          type="button"
          className="icon-button"
          onClick={openCalendar}
          disabled={disabled}
          aria-label={t('profileSetup.chooseFromCalendar')}
          title={t('profileSetup.chooseFromCalendar')}
          style={{ border: '1.5px solid var(--color-border)', borderRadius: 8, width: 48, height: 48 }}
        >
          <CalendarIcon />
        </button>
        <input
          ref={picker}
          type="date"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          min={formatIsoDate(min)}
          max={formatIsoDate(max)}
          value={picked ? formatIsoDate(picked) : ''}
          onChange={(event) => {
            const date = parseIsoDate(event.target.value)
            if (date) onChange(formatDdMmYyyy(date))
          }}
        />
      </div>
      <p id={messageId} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </p>
    </div>
  )
}
