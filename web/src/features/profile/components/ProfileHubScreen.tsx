import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useStartLinkedIn } from '../api/profile'
import { InsightsGrid } from './InsightsGrid'
import { MenuList, MenuRow } from './MenuRow'
import styles from './ProfileScreens.module.css'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import {
  DownloadIcon,
  HelpIcon,
  HistoryIcon,
  LinkedInIcon,
  LogoutIcon,
  MailIcon,
  ReviewIcon,
  SettingsIcon,
  ShareIcon,
  ShieldIcon,
} from '@/components/icons'
import { ProfileCard } from '@/components/person'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { useT, type Translate } from '@/i18n'
import { errorMessage } from '@/lib/api'
import { activateLatestVersion } from '@/lib/app-update'
import { shareNotice, shareOrCopy } from '@/lib/share'
import { isKycEnabled, useConfig, useCurrentUser, type Config, type User } from '@/lib/session'
import { useLogout } from '@/lib/sign-out'
import { updateStatus } from '@/lib/version'
import '@/i18n/catalogs/en/profile'

/** The referral template: {1} is the person's name, {0} their referral code. */
export function referralText(template: string, name: string, code: string): string {
  return template.replaceAll('{1}', name).replaceAll('{0}', code)
}

/** The phone's share sheet when there is one, else the invitation goes to the clipboard. */
export async function inviteFriends(config: Config, user: User, t: Translate) {
  const text = referralText(config.referral_message ?? '', user.name ?? '', user.referral_code)
  const notice = shareNotice(await shareOrCopy({ title: 'Humsafar', text }, text), t('profile.inviteCopied'), t)
  if (notice) toast[notice.kind](notice.message)
}

/** An error handed over by another screen (navigate(..., { state: { error } })) is shown once. */
function useErrorFromNavigation() {
  const location = useLocation()
  const navigate = useNavigate()
  const error = (location.state as { error?: string } | null)?.error
  useEffect(() => {
    if (!error) return
    toast.error(error)
    navigate(location.pathname, { replace: true, state: null })
  }, [error, location.pathname, navigate])
}

export function ProfileHubScreen() {
  const t = useT()
  const user = useCurrentUser()
  const config = useConfig()
  const logout = useLogout()
  const [confirmingLogout, setConfirmingLogout] = useState(false)
  useErrorFromNavigation()
  const showKycBanner = isKycEnabled(config) && !user.is_kyc_verified
  const updateAvailable = updateStatus(config) !== 'none'

  return (
    <>
      <PageHeader title={t('profile.title')} backTo={paths.home} />
      <main className={styles.screen}>
        {showKycBanner && <KycBanner user={user} />}
        <ProfileCard person={user} own={{ referral_code: user.referral_code, referred_count: user.referred_count }} />
        <InsightsGrid insights={user.user_trips_insights} own />
        <MenuList label={t('profile.menu')}>
          {updateAvailable && (
            <MenuRow
              icon={<DownloadIcon />}
              label={t('profile.updateApp')}
              tone="accent"
              onClick={() => void activateLatestVersion()}
              testId="app-update-row"
            />
          )}
          {!user.linked_in_url && <LinkedInRow />}
          <MenuRow icon={<HistoryIcon />} label={t('profile.tripsHistory')} to={paths.trips} />
          <MenuRow icon={<ReviewIcon />} label={t('profile.myReviews')} to={paths.myReview} />
          <MenuRow icon={<ShieldIcon />} label={t('profile.emergencyContacts')} to={paths.emergencyContacts} />
          <MenuRow icon={<SettingsIcon />} label={t('profile.settings')} to={paths.settings} />
          <MenuRow icon={<HelpIcon />} label={t('profile.helpAndFeedback')} to={paths.helpAndFeedback} />
          <MenuRow icon={<ShareIcon />} label={t('profile.inviteFriends')}
            onClick={() => void inviteFriends(config, user, t)} />
          <MenuRow icon={<MailIcon />} label={t('profile.contactUs')} to={paths.contactUs} />
        </MenuList>
        <MenuList label={t('profile.session')}>
          <MenuRow
            icon={<LogoutIcon />}
            label={t('profile.logOut')}
            tone="danger"
            onClick={() => setConfirmingLogout(true)}
            testId="logout"
          />
        </MenuList>
      </main>
      <ConfirmDialog
        open={confirmingLogout}
        title={t('profile.logOut')}
        message={t('profile.logOutQuestion')}
        confirmLabel={t('profile.logOutConfirm')}
        busy={logout.isPending}
        onConfirm={() => logout.mutate()}
        onCancel={() => setConfirmingLogout(false)}
      />
    </>
  )
}

/** 'LinkedIn Verification' (SPEC §2): only while no LinkedIn profile is linked. */
function LinkedInRow() {
  const t = useT()
  const start = useStartLinkedIn()
  const verify = async () => {
    if (start.isPending) return
    try {
      const { data } = await start.mutateAsync()
      window.location.assign(data.url)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  return (
    <MenuRow
      icon={<LinkedInIcon />}
      label={start.isPending ? t('profile.openingLinkedIn') : t('profile.linkedInVerification')}
      onClick={() => void verify()}
      testId="linkedin-row"
    />
  )
}

function KycBanner({ user }: { user: User }) {
  const t = useT()
  const inReview = user.kyc_status === 'needs_review'
  return (
    <section className={styles.kycBanner} role="note" aria-label={t('profile.notVerified')}>
      <div>
        <p className={styles.kycTitle}>{t('profile.notVerified')}</p>
        <p>{inReview ? t('profile.kycInReview') : t('profile.kycInvite')}</p>
      </div>
      {!inReview && (
        <Link to={paths.kyc} className="btn btn-small btn-secondary">
          {t('profile.completeKyc')}
        </Link>
      )}
    </section>
  )
}
