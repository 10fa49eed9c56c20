import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useSendOtp } from '../api/auth'
import { codeStillComing } from '../resend'
import { phoneDigits, validatePhone } from '../validation'
import { AuthLayout } from './AuthLayout'
import styles from './LoginScreen.module.css'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useI18n } from '@/i18n'
import { LanguagePicker } from '@/i18n/LanguagePicker'
import { rememberPickedSignedOut } from '@/i18n/profile-language'
import { Trans } from '@/i18n/Trans'
import { errorMessage } from '@/lib/api'
import { storage } from '@/lib/storage'
import '@/i18n/catalogs/en/auth'

export function LoginScreen() {
  const { t, message } = useI18n()
  const navigate = useNavigate()
  const sendOtp = useSendOtp()
  const [phone, setPhone] = useState(() => storage.pendingLogin.get()?.mobile_number ?? '')
  const [submitted, setSubmitted] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const errorKey = submitted ? validatePhone(phone) : null
  const error = errorKey && t(errorKey)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (validatePhone(phone) || sendOtp.isPending) return
    // Back from Change Number with the same number while its code is on its way: that code is the one to type.
    if (codeStillComing(storage.pendingLogin.get(), phone, Date.now())) {
      navigate(paths.otp)
      return
    }
    sendOtp.mutate(phone, {
      onSuccess: () => navigate(paths.otp),
      onError: (failure) => toast.error(message(errorMessage(failure))),
    })
  }

  return (
    <AuthLayout>
      <div className={styles.intro}>
        <h1>{t('auth.loginTitle')}</h1>
        <p className="muted">{t('auth.loginIntro')}</p>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {t('auth.mobileNumber')}{' '}
            <span className="visually-hidden">{t('auth.mobileNumberCountry', { code: LIMITS.COUNTRY_CODE })}</span>
          </label>
          <div className={styles.phoneRow} data-invalid={Boolean(error) || undefined}>
            <span className={styles.countryCode} aria-hidden="true">
              {LIMITS.COUNTRY_CODE}
            </span>
            <input
              id={inputId}
              className={styles.phoneInput}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={LIMITS.PHONE_LENGTH}
              placeholder="98765 43210"
              value={phone}
              onChange={(event) => setPhone(phoneDigits(event.target.value, LIMITS.PHONE_LENGTH))}
              aria-invalid={Boolean(error)}
              aria-describedby={errorId}
              autoFocus
              data-testid="phone-input"
            />
          </div>
          <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
            {error}
          </p>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={sendOtp.isPending} data-testid="continue">
          {sendOtp.isPending ? t('auth.sendingCode') : t('auth.continue')}
        </button>
      </form>
      <p className={styles.legal}>
        <Trans
          k="auth.legal"
          tags={{
            terms: (text) => (
              <a href={paths.terms} target="_blank" rel="noreferrer">
                {text}
              </a>
            ),
            privacy: (text) => (
              <a href={paths.privacy} target="_blank" rel="noreferrer">
                {text}
              </a>
            ),
          }}
        />
      </p>
      <LanguagePicker className={styles.language} onChosen={rememberPickedSignedOut} />
    </AuthLayout>
  )
}
