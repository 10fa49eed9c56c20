import { useId, type InputHTMLAttributes } from 'react'
import { useT } from '@/i18n'

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  optional?: boolean
  error?: string | null
  hint?: string
}

export function TextField({ label, optional, error, hint, ...input }: TextFieldProps) {
  const t = useT()
  const inputId = useId()
  const messageId = useId()
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label} {optional && <span className="field-optional">{t('common.optional')}</span>}
      </label>
      <input
        id={inputId}
        className="input"
        aria-invalid={Boolean(error)}
        aria-describedby={messageId}
        {...input}
      />
      <p id={messageId} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </p>
    </div>
  )
}
