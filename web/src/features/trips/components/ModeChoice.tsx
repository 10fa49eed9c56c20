import styles from './TripForm.module.css'
import { MODE_CHOICES, modeLabel } from '@/components/trip/trip'
import { useT } from '@/i18n'

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
  const t = useT()
  return (
    <fieldset className={styles.fieldset}>
      <legend className="field-label">{legend}</legend>
      <div className={styles.chips}>
        {MODE_CHOICES.filter((code) => !exclude.includes(code)).map((code) => (
          <label key={code} className={styles.chip}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={legend}
              value={code}
              checked={selected.includes(code)}
              onChange={() => onToggle(code)}
            />
            <span>{modeLabel(code, t)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
