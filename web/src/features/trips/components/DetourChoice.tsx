import { useId } from 'react'
import { DETOUR_CHOICES, detourChoiceLabel } from '@/components/trip/detour'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type DetourChoiceProps = { value: number; onChange: (minutes: number) => void }

/** "How far will you go out of your way?": the host's detour budget for riders along the way. */
export function DetourChoice({ value, onChange }: DetourChoiceProps) {
  const selectId = useId()
  const hintId = useId()
  const t = useT()
  return (
    <div className="field" data-field="maxDetourMinutes">
      <label className="field-label" htmlFor={selectId}>
        {t('trips.detourQuestion')}
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
            {detourChoiceLabel(minutes, t)}
          </option>
        ))}
      </select>
      <p id={hintId} className="field-hint">
        {value === 0 ? t('trips.detourHintEnds') : t('trips.detourHintAlong')}
      </p>
    </div>
  )
}
