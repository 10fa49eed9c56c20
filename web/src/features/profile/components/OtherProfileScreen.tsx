import { useEffect } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { useOtherUser } from '../api/profile'
import { Dialog } from '@/components/Dialog'
import { ProfileCard } from '@/components/person'
import { Splash } from '@/components/Splash'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { useCurrentUser } from '@/lib/session'
import '@/i18n/catalogs/en/profile'

/** Another person's profile as a bottom sheet; Back (or Escape) closes it. */
export function OtherProfileScreen() {
  const t = useT()
  const { userId = '' } = useParams()
  const me = useCurrentUser()
  const navigate = useNavigate()
  const person = useOtherUser(userId)

  useEffect(() => {
    if (person.error) navigate(paths.profile, { replace: true, state: { error: errorMessage(person.error) } })
  }, [person.error, navigate])

  if (String(me.id) === userId) return <Navigate to={paths.profile} replace />

  const close = () => {
    if (window.history.state && window.history.state.idx > 0) navigate(-1)
    else navigate(paths.home)
  }

  return (
    <>
      <h1 className="visually-hidden">{t('profile.title')}</h1>
      {!person.data && <Splash />}
      <Dialog open={Boolean(person.data)} title={person.data?.name ?? t('profile.title')} hideTitle variant="sheet" onClose={close}>
        {person.data && <ProfileCard person={person.data} headingLevel="h3" />}
        <button type="button" className="btn btn-secondary btn-block" onClick={close}>
          {t('common.back')}
        </button>
      </Dialog>
    </>
  )
}
