import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import styles from './OtpInput.module.css'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/auth'

type OtpInputProps = {
  /** One entry per box, '' when empty. */
  digits: string[]
  onChange: (digits: string[]) => void
  /** Called as soon as every box holds a digit. */
  onComplete: (code: string) => void
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
  autoFocus?: boolean
}

const onlyDigits = (text: string) => text.replace(/\D/g, '')

/** Code boxes: typing moves forward, Backspace on an empty box goes back, paste or autofill spreads the digits. */
export function OtpInput({ digits, onChange, onComplete, disabled, invalid, describedBy, autoFocus }: OtpInputProps) {
  const t = useT()
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const length = digits.length

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))]
    box?.focus()
    box?.select()
  }

  const commit = (next: string[]) => {
    onChange(next)
    if (next.every((digit) => digit !== '')) onComplete(next.join(''))
  }

  /** Writes `text` into the boxes from `start` on. */
  const fill = (start: number, text: string) => {
    const next = [...digits]
    const chars = text.slice(0, length - start).split('')
    chars.forEach((char, offset) => {
      next[start + offset] = char
    })
    focusBox(start + chars.length)
    commit(next)
  }

  const handleInput = (index: number, raw: string) => {
    const typed = onlyDigits(raw)
    if (typed === '') {
      const next = [...digits]
      next[index] = ''
      onChange(next)
      return
    }
    // Several digits at once come from autofill or a keyboard suggestion: a whole code starts at the first box.
    fill(typed.length >= length ? 0 : index, typed)
  }

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const pasted = onlyDigits(event.clipboardData.getData('text'))
    if (pasted) fill(pasted.length >= length ? 0 : index, pasted)
  }

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault()
      const next = [...digits]
      next[index - 1] = ''
      onChange(next)
      focusBox(index - 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  return (
    <div className={styles.boxes} role="group" aria-label={t('auth.codeBoxes')} aria-describedby={describedBy}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          className={styles.box}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('auth.codeDigit', { index: index + 1, count: length })}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onFocus={(event) => event.target.select()}
          onChange={(event) => handleInput(index, event.target.value)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          data-testid={`otp-box-${index}`}
        />
      ))}
    </div>
  )
}
