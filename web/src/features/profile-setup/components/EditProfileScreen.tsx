import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { useUpdateProfile, type ProfileChanges } from '../api/update-profile'
import { validateDob, validateName } from '../validation'
import { avatarChoiceToBase64, AvatarPicker, type AvatarChoice } from './AvatarPicker'
import { DobField } from './DobField'
import styles from './ProfileForm.module.css'
import { PageHeader } from '@/components/PageHeader'
import { TextField } from '@/components/TextField'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { useCurrentUser } from '@/lib/session'
import '@/i18n/catalogs/en/profileSetup'

export function EditProfileScreen() {
  const t = useT()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const updateProfile = useUpdateProfile()
  const locked = user.is_kyc_verified
  const [avatar, setAvatar] = useState<AvatarChoice | null>(null)
  const [name, setName] = useState(user.name ?? '')
  const [dob, setDob] = useState(user.dob ?? '')
  const [submitted, setSubmitted] = useState(false)
  const [preparing, setPreparing] = useState(false)

  const errors = { name: locked ? null : validateName(name), dob: locked ? null : validateDob(dob) }
  const shown = (error: (typeof errors)[keyof typeof errors]) => (submitted && error ? t(error) : null)
  const busy = preparing || updateProfile.isPending

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    if (errors.name || errors.dob || busy) return
    const changes: ProfileChanges = {}
    if (!locked && name.trim() !== user.name) changes.name = name.trim()
    if (!locked && dob !== user.dob) changes.dob = dob
    try {
      setPreparing(true)
      if (avatar) changes.profile_image_base64 = await avatarChoiceToBase64(avatar)
    } catch {
      toast.error()
      return
    } finally {
      setPreparing(false)
    }
    if (Object.keys(changes).length === 0) {
      toast.error(t('profileSetup.nothingUpdated'))
      return
    }
    updateProfile.mutate(changes, {
      onSuccess: ({ message }) => {
        toast.success(message)
        navigate(paths.profile, { replace: true })
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    })
  }

  return (
    <>
      <PageHeader title={t('profileSetup.editTitle')} backTo={paths.profile} />
      <main className={styles.screen}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <AvatarPicker value={avatar} onChange={setAvatar} currentImageUrl={user.medium_image_url} />
          <TextField
            label={t('profileSetup.name')}
            autoComplete="name"
            value={name}
            disabled={locked}
            onChange={(event) => setName(event.target.value)}
            error={shown(errors.name)}
            hint={locked ? t('profileSetup.nameLocked') : undefined}
            data-testid="name-input"
          />
          <DobField
            value={dob}
            onChange={setDob}
            disabled={locked}
            error={shown(errors.dob)}
            hint={locked ? t('profileSetup.dobLocked') : undefined}
          />
          <div className={styles.footer}>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="profile-update">
              {busy ? t('profileSetup.saving') : t('profileSetup.update')}
            </button>
          </div>
        </form>
      </main>
    </>
  )
}
