import type { JoinStops } from '../model/join-stops'
import styles from './JoinDialogs.module.css'
import { LocationPicker } from './LocationPicker'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type JoinStopFieldsProps = { stops: JoinStops; onChange: (stops: JoinStops) => void }

/**
 * Where the rider joins and leaves: the trip's ends, or the match's pick-up and drop along the way; each can be
 * changed to another place near the host's way.
 */
export function JoinStopFields({ stops, onChange }: JoinStopFieldsProps) {
  const t = useT()
  return (
    <fieldset className={styles.reasons} data-testid="join-stops">
      <legend className="field-label">{t('trips.yourStops')}</legend>
      <LocationPicker
        label={t('trips.pickup')}
        value={stops.pickup ?? stops.origin}
        onChange={(pickup) => onChange({ ...stops, pickup })}
        testId="join-pickup"
      />
      <LocationPicker
        label={t('trips.drop')}
        value={stops.drop ?? stops.destination}
        onChange={(drop) => onChange({ ...stops, drop })}
        testId="join-drop"
      />
      <p className="field-hint">{t('trips.stopsHint')}</p>
    </fieldset>
  )
}
