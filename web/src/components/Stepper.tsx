import { useId } from 'react'
import styles from './Stepper.module.css'
import { PlusIcon } from './icons'
import { useI18n } from '@/i18n'

type StepperProps = {
  label: string
  value: number
  min: number
  max: number
  onChange: (value: number) => void
  testId?: string
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/** A whole number with − and + buttons, held between min and max (SPEC §5 number stepper). */
export function Stepper({ label, value, min, max, onChange, testId }: StepperProps) {
  const { t, language } = useI18n()
  const labelId = useId()
  const named = { label: label.toLocaleLowerCase(language) }
  const fewer = t('common.fewer', named)
  const more = t('common.more', named)
  return (
    <div className={styles.row} data-testid={testId}>
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div className={styles.stepper} role="group" aria-labelledby={labelId}>
        <button
          type="button"
          className={styles.button}
          onClick={() => onChange(clamp(value - 1, min, max))}
          disabled={value <= min}
          aria-label={fewer}
          title={fewer}
        >
          <MinusGlyph />
        </button>
        <output className={styles.value} aria-live="polite" aria-label={label}>
          {value}
        </output>
        <button
          type="button"
          className={styles.button}
          onClick={() => onChange(clamp(value + 1, min, max))}
          disabled={value >= max}
          aria-label={more}
          title={more}
        >
          <PlusIcon size={18} />
        </button>
      </div>
    </div>
  )
}

function MinusGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
