import { useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useUpdateProfile, type ProfileChanges } from '../api/update-profile'
import { validateDob, validateName, validateReferralCode, validateSex } from '../validation'
import { avatarChoiceToBase64, AvatarPicker, type AvatarChoice } from './AvatarPicker'
import { DobField } from './DobField'
import styles from './ProfileForm.module.css'
import { TextField } from '@/components/TextField'
import { toast } from '@/components/toast'
import { LIMITS } from '@/generated/rules'
import { useT, type Key } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { afterProfileTarget } from '@/lib/redirect'
import { useCurrentUser, type Gender } from '@/lib/session'
import '@/i18n/catalogs/en/profileSetup'

const SEXES = [
  { value: 'MALE', label: 'profileSetup.male' },
  { value: 'FEMALE', label: 'profileSetup.female' },
  { value: 'OTHERS', label: 'profileSetup.others' },
] as const satisfies readonly { value: Gender; label: Key }[]

function focusFirstInvalid(form: HTMLFormElement) {
  form.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalid] input')?.focus()
}

/** The first profile: once saved, the person goes on to the page they opened before signing in, else home. */
export function CreateProfileScreen() {
  const t = useT()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const { state } = useLocation()
  const updateProfile = useUpdateProfile()
  const [avatar, setAvatar] = useState<AvatarChoice | null>(null)
  const [name, setName] = useState(user.name ?? '')
  const [sex, setSex] = useState<Gender | ''>(user.gender ?? '')
  const [dob, setDob] = useState(user.dob ?? '')
  const [referralCode, setReferralCode] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [preparing, setPreparing] = useState(false)

  const errors = {
    name: validateName(name),
    sex: validateSex(sex),
    dob: validateDob(dob),
    referralCode: validateReferralCode(referralCode),
  }
  const shown = (error: (typeof errors)[keyof typeof errors]) => (submitted && error ? t(error) : null)
  const busy = preparing || updateProfile.isPending

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setSubmitted(true)
    if (Object.values(errors).some(Boolean)) {
      requestAnimationFrame(() => focusFirstInvalid(form))
      return
    }
    if (busy || !sex) return
    const changes: ProfileChanges = { name: name.trim(), gender: sex, dob }
    if (referralCode.trim()) changes.referrer_code = referralCode.trim()
    try {
      setPreparing(true)
      if (avatar) changes.profile_image_base64 = await avatarChoiceToBase64(avatar)
    } catch {
      toast.error()
      return
    } finally {
      setPreparing(false)
    }
    updateProfile.mutate(changes, {
      onSuccess: ({ message }) => {
        toast.success(message)
        navigate(afterProfileTarget(state), { replace: true })
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    })
  }

  return (
    <main className={styles.screen}>
      <div className={styles.intro}>
        <h1>{t('profileSetup.title')}</h1>
        <p className="muted">{t('profileSetup.intro')}</p>
      </div>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <AvatarPicker value={avatar} onChange={setAvatar} />
        <TextField
          label={t('profileSetup.name')}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={shown(errors.name)}
          placeholder={t('profileSetup.namePlaceholder')}
          data-testid="name-input"
        />
        <fieldset
          className={styles.radioGroup}
          data-invalid={shown(errors.sex) ? '' : undefined}
          aria-describedby="sex-error"
        >
          <legend className="field-label">{t('profileSetup.sex')}</legend>
          <div className={styles.radios}>
            {SEXES.map((option) => (
              <label key={option.value} className={styles.radio}>
                <input
                  type="radio"
                  name="sex"
                  value={option.value}
                  checked={sex === option.value}
                  onChange={() => setSex(option.value)}
                  aria-invalid={Boolean(shown(errors.sex))}
                />
                <span>{t(option.label)}</span>
              </label>
            ))}
          </div>
          <p id="sex-error" className="field-error" role={shown(errors.sex) ? 'alert' : undefined}>
            {shown(errors.sex)}
          </p>
        </fieldset>
        <DobField value={dob} onChange={setDob} error={shown(errors.dob)} />
        <TextField
          label={t('profileSetup.referralCode')}
          optional
          autoCapitalize="characters"
          maxLength={LIMITS.REFERRAL_CODE_MAX_LENGTH}
          value={referralCode}
          onChange={(event) => setReferralCode(event.target.value.replace(/\s/g, ''))}
          error={shown(errors.referralCode)}
          hint={t('profileSetup.referralHint')}
          data-testid="referral-input"
        />
        <div className={styles.footer}>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="profile-next">
            {busy ? t('profileSetup.saving') : t('profileSetup.next')}
          </button>
        </div>
      </form>
    </main>
  )
}
