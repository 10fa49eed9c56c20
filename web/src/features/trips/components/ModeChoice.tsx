import styles from './TripForm.module.css'
import { MODE_CHOICES } from '@/components/trip/trip'

type ModeChoiceProps = {
  legend: string
  /** With several allowed the chips are checkboxes, else radio buttons. */
  multiple?: boolean
  selected: readonly number[]
  onToggle: (code: number) => void
  exclude?: readonly number[]
}

/** Transport modes as chips: Cab, Auto, Undecided, Self Drive. */
export function ModeChoice({ legend, multiple, selected, onToggle, exclude = [] }: ModeChoiceProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="field-label">{legend}</legend>
      <div className={styles.chips}>
        {MODE_CHOICES.filter((mode) => !exclude.includes(mode.code)).map((mode) => (
          <label key={mode.code} className={styles.chip}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={legend}
              value={mode.code}
              checked={selected.includes(mode.code)}
              onChange={() => onToggle(mode.code)}
            />
            <span>{mode.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
