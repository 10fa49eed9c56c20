import { useEffect, useId, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { DEFAULT_OTP_LENGTH, useSendOtp, useVerifyOtp } from '../api/auth'
import { secondsUntilResend } from '../resend'
import { AuthLayout } from './AuthLayout'
import styles from './LoginScreen.module.css'
import { OtpInput } from './OtpInput'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useI18n } from '@/i18n'
import { Trans } from '@/i18n/Trans'
import { errorMessage, isRefusal } from '@/lib/api'
import { peekRedirectTarget } from '@/lib/redirect'
import { storage, type PendingLogin } from '@/lib/storage'
import { formatCountdown } from '@/lib/time'
import '@/i18n/catalogs/en/auth'

const emptyCode = (length: number) => Array.from({ length }, () => '')

/** Answers after which this code can no longer sign anyone in: only a new code helps. */
const CODE_SPENT = ['OTP_TOO_MANY_TRIES', 'OTP_EXPIRED', 'OTP_LOGIN_TOKEN_INVALID'] as const

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (!active) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [active])
  return now
}

export function OtpScreen() {
  const [login, setLogin] = useState(() => storage.pendingLogin.get())
  if (!login) return <Navigate to={paths.login} replace />
  return <OtpForm login={login} onResent={() => setLogin(storage.pendingLogin.get())} />
}

function OtpForm({ login, onResent }: { login: PendingLogin; onResent: () => void }) {
  const { t, message } = useI18n()
  const navigate = useNavigate()
  const verify = useVerifyOtp()
  const resend = useSendOtp()
  const length = login.otp_length || DEFAULT_OTP_LENGTH
  const [digits, setDigits] = useState(() => emptyCode(length))
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  // Set once the code is spent (too many wrong tries, expired): it stays said until a new code is sent.
  const [spent, setSpent] = useState<string | null>(null)
  const errorId = useId()
  const resendButton = useRef<HTMLButtonElement>(null)

  const now = useNow(true)
  const waitSeconds = secondsUntilResend(login, now)
  const canResend = waitSeconds === 0

  // A spent code leaves one way on: Resend takes focus as soon as it is allowed.
  useEffect(() => {
    if (spent && canResend) resendButton.current?.focus()
  }, [spent, canResend])

  // A code error clears itself after a few seconds.
  useEffect(() => {
    if (!error) return
    const timer = window.setTimeout(() => setError(null), LIMITS.OTP_ERROR_CLEAR_SECONDS * 1000)
    return () => window.clearTimeout(timer)
  }, [error, attempt])

  // After a wrong code the emptied boxes take focus again, once they are enabled.
  const firstBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (attempt > 0) firstBox.current?.querySelector('input')?.focus()
  }, [attempt])

  const submit = (code: string) => {
    if (verify.isPending || spent) return
    if (code.length !== length) {
      setError(t('auth.codeRequired'))
      setAttempt((value) => value + 1)
      return
    }
    setError(null)
    verify.mutate(
      { otp: code, loginToken: login.login_token },
      {
        // The login pages send a signed-in person on to the same page (PublicOnlyLayout), so it is only read here:
        // the guard of the signed-in pages forgets it once the person is inside.
        onSuccess: () => navigate(peekRedirectTarget(), { replace: true }),
        onError: (failure) => {
          const message = errorMessage(failure)
          if (CODE_SPENT.some((id) => isRefusal(failure, id))) {
            setSpent(message)
            setError(null)
            setDigits(emptyCode(length))
            return
          }
          setError(message)
          setAttempt((value) => value + 1)
          setDigits(emptyCode(length))
        },
      },
    )
  }

  const resendCode = () => {
    resend.mutate(login.mobile_number, {
      onSuccess: ({ message }) => {
        onResent()
        setDigits(emptyCode(length))
        setError(null)
        setSpent(null)
        if (message) toast.success(message)
      },
      onError: (failure) => toast.error(message(errorMessage(failure))),
    })
  }

  const changeNumber = () => navigate(paths.login)

  const countdown = { time: formatCountdown(waitSeconds) }
  const strong = { time: (text: string) => <strong>{text}</strong> }

  return (
    <AuthLayout back={{ to: paths.login, label: t('auth.backToLogin') }}>
      <div className={styles.intro}>
        <h1>{t('auth.verifyTitle')}</h1>
        <p className={`muted ${styles.numberLine}`}>
          <span>{t('auth.codeSentTo', { length, phone: `${LIMITS.COUNTRY_CODE} ${login.mobile_number}` })}</span>
          <button type="button" className="link-button" onClick={changeNumber}>
            {t('auth.changeNumber')}
          </button>
        </p>
      </div>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          submit(digits.join(''))
        }}
        noValidate
      >
        <div ref={firstBox}>
          <OtpInput
            digits={digits}
            onChange={setDigits}
            onComplete={submit}
            disabled={verify.isPending || spent != null}
            invalid={Boolean(error ?? spent)}
            describedBy={errorId}
            autoFocus
          />
        </div>
        <p id={errorId} className={styles.codeError} role="alert" data-testid="otp-error">
          {message(spent ?? error ?? '')}
        </p>
        <p className={styles.resendRow} data-testid="otp-resend">
          {!canResend && spent && <Trans k="auth.askNewCodeIn" values={countdown} tags={strong} />}
          {!canResend && !spent && <Trans k="auth.resendIn" values={countdown} tags={strong} />}
          {canResend && (
            <>
              {spent ? t('auth.askNewCode') : t('auth.didNotGetCode')}{' '}
              <button
                ref={resendButton}
                type="button"
                className="link-button"
                onClick={resendCode}
                disabled={resend.isPending}
              >
                {t('auth.resend')}
              </button>
            </>
          )}
        </p>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={verify.isPending || spent != null}
          data-testid="verify-code"
        >
          {verify.isPending ? t('auth.verifying') : t('auth.verifyCode')}
        </button>
      </form>
    </AuthLayout>
  )
}
