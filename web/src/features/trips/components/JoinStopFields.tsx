import type { JoinStops } from '../model/join-stops'
import styles from './JoinDialogs.module.css'
import { LocationPicker } from './LocationPicker'

type JoinStopFieldsProps = { stops: JoinStops; onChange: (stops: JoinStops) => void }

/**
 * Where the rider joins and leaves: the trip's ends, or the match's pick-up and drop along the way; each can be
 * changed to another place near the host's way.
 */
export function JoinStopFields({ stops, onChange }: JoinStopFieldsProps) {
  return (
    <fieldset className={styles.reasons} data-testid="join-stops">
      <legend className="field-label">Your pick-up and drop</legend>
      <LocationPicker
        label="Pick-up"
        value={stops.pickup ?? stops.origin}
        onChange={(pickup) => onChange({ ...stops, pickup })}
        testId="join-pickup"
      />
      <LocationPicker
        label="Drop"
        value={stops.drop ?? stops.destination}
        onChange={(drop) => onChange({ ...stops, drop })}
        testId="join-drop"
      />
      <p className="field-hint">Choose places on the host&apos;s way: the host goes only a little out of their way.</p>
    </fieldset>
  )
}
