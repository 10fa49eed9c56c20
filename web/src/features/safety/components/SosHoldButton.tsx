import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import styles from './Safety.module.css'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/safety'

/** How often the ring moves while the button is held. */
const TICK_MS = 50
const HOLD_SECONDS = LIMITS.SOS_HOLD_MS / 1000
/** The same word in every language. */
const SOS = 'SOS'
const RING_RADIUS = 44
const RING_LENGTH = 2 * Math.PI * RING_RADIUS

/**
 * Fires `onHeld` only once the button has been held down for `holdMs`: letting go, the pointer leaving it or the focus
 * moving away earlier starts over, so SOS is not raised by a brush of the screen. A pointer, or Space or Enter.
 */
function usePressAndHold(holdMs: number, onHeld: () => void) {
  const [progress, setProgress] = useState(0)
  const [holding, setHolding] = useState(false)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const held = useRef(onHeld)
  useEffect(() => {
    held.current = onHeld
  })

  const stop = () => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
    setHolding(false)
    setProgress(0)
  }
  const start = () => {
    if (timer.current) return
    const startedAt = Date.now()
    setHolding(true)
    setProgress(0)
    timer.current = setInterval(() => {
      const share = Math.min(1, (Date.now() - startedAt) / holdMs)
      setProgress(share)
      if (share < 1) return
      stop()
      held.current()
    }, TICK_MS)
  }
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current)
    },
    [],
  )
  return { progress, holding, start, stop }
}

const isHoldKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter'

type SosHoldButtonProps = { onHeld: () => void; busy?: boolean }

/** The SOS control: press and hold, with a ring that fills while held. */
export function SosHoldButton({ onHeld, busy = false }: SosHoldButtonProps) {
  const t = useT()
  const hintId = useId()
  const { progress, holding, start, stop } = usePressAndHold(LIMITS.SOS_HOLD_MS, onHeld)

  const press = (event: PointerEvent<HTMLButtonElement>) => {
    if (busy || event.button !== 0) return
    start()
  }
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isHoldKey(event)) return
    // A button would click on Enter at once and on Space when let go: here only the full hold counts.
    event.preventDefault()
    if (!busy && !event.repeat) start()
  }
  const keyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isHoldKey(event)) return
    event.preventDefault()
    stop()
  }

  return (
    <div className={styles.sosControl}>
      <button
        type="button"
        className={styles.sosButton}
        aria-describedby={hintId}
        aria-disabled={busy}
        data-holding={holding}
        data-testid="sos-button"
        onPointerDown={press}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        onKeyDown={keyDown}
        onKeyUp={keyUp}
        onBlur={stop}
        onContextMenu={(event) => event.preventDefault()}
      >
        <svg className={styles.sosRing} viewBox="0 0 100 100" aria-hidden="true">
          <circle className={styles.sosRingTrack} cx="50" cy="50" r={RING_RADIUS} />
          <circle
            className={styles.sosRingFill}
            cx="50"
            cy="50"
            r={RING_RADIUS}
            strokeDasharray={RING_LENGTH}
            strokeDashoffset={RING_LENGTH * (1 - progress)}
            data-testid="sos-progress"
            data-progress={progress.toFixed(2)}
          />
        </svg>
        <span className={styles.sosLabel}>{busy ? t('safety.sending') : SOS}</span>
      </button>
      <p id={hintId} className={styles.sosHint}>
        {t('safety.holdHint', { seconds: HOLD_SECONDS })}
      </p>
      <p className="visually-hidden" role="status">
        {holding ? t('safety.keepHolding') : ''}
      </p>
    </div>
  )
}
