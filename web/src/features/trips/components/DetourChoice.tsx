import { useId } from 'react'
import { DETOUR_CHOICES, detourChoiceLabel } from '@/components/trip/along'

type DetourChoiceProps = { value: number; onChange: (minutes: number) => void }

/** "How far will you go out of your way?": the host's detour budget for riders along the way. */
export function DetourChoice({ value, onChange }: DetourChoiceProps) {
  const selectId = useId()
  const hintId = useId()
  return (
    <div className="field" data-field="maxDetourMinutes">
      <label className="field-label" htmlFor={selectId}>
        How far will you go out of your way?
      </label>
      <select
        id={selectId}
        className="input"
        value={value}
        aria-describedby={hintId}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="trip-detour"
      >
        {DETOUR_CHOICES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {detourChoiceLabel(minutes)}
          </option>
        ))}
      </select>
      <p id={hintId} className="field-hint">
        {value === 0
          ? 'Only riders starting and ending near you can find this trip.'
          : 'Riders whose pick-up and drop lie on your way can find this trip too.'}
      </p>
    </div>
  )
}
