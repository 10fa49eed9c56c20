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
import { errorMessage } from '@/lib/api'
import { activateLatestVersion } from '@/lib/service-worker'
import { shareNotice, shareOrCopy } from '@/lib/share'
import { isKycEnabled, useConfig, useCurrentUser, useLogout, type Config, type User } from '@/lib/session'
import { updateStatus } from '@/lib/version'

export const INVITE_COPIED = 'Invitation copied: paste it to your friends'

/** The referral template: {1} is the person's name, {0} their referral code. */
export function referralText(template: string, name: string, code: string): string {
  return template.replaceAll('{1}', name).replaceAll('{0}', code)
}

/** The phone's share sheet when there is one, else the invitation goes to the clipboard. */
export async function inviteFriends(config: Config, user: User) {
  const text = referralText(config.referral_message ?? '', user.name ?? '', user.referral_code)
  const notice = shareNotice(await shareOrCopy({ title: 'Humsafar', text }, text), INVITE_COPIED)
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
  const user = useCurrentUser()
  const config = useConfig()
  const logout = useLogout()
  const [confirmingLogout, setConfirmingLogout] = useState(false)
  useErrorFromNavigation()
  const showKycBanner = isKycEnabled(config) && !user.is_kyc_verified
  const updateAvailable = updateStatus(config) !== 'none'

  return (
    <>
      <PageHeader title="Profile" backTo={paths.home} />
      <main className={styles.screen}>
        {showKycBanner && <KycBanner user={user} />}
        <ProfileCard person={user} own={{ referral_code: user.referral_code, referred_count: user.referred_count }} />
        <InsightsGrid insights={user.user_trips_insights} own />
        <MenuList label="Profile menu">
          {updateAvailable && (
            <MenuRow
              icon={<DownloadIcon />}
              label="Update App"
              tone="accent"
              onClick={() => void activateLatestVersion()}
              testId="app-update-row"
            />
          )}
          {!user.linked_in_url && <LinkedInRow />}
          <MenuRow icon={<HistoryIcon />} label="Trips History" to={paths.trips} />
          <MenuRow icon={<ReviewIcon />} label="My Reviews" to={paths.myReview} />
          <MenuRow icon={<ShieldIcon />} label="Emergency Contacts" to={paths.emergencyContacts} />
          <MenuRow icon={<SettingsIcon />} label="Settings" to={paths.settings} />
          <MenuRow icon={<HelpIcon />} label="Help and Feedback" to={paths.helpAndFeedback} />
          <MenuRow icon={<ShareIcon />} label="Invite Friends" onClick={() => void inviteFriends(config, user)} />
          <MenuRow icon={<MailIcon />} label="Contact Us" to={paths.contactUs} />
        </MenuList>
        <MenuList label="Session">
          <MenuRow
            icon={<LogoutIcon />}
            label="Log Out"
            tone="danger"
            onClick={() => setConfirmingLogout(true)}
            testId="logout"
          />
        </MenuList>
      </main>
      <ConfirmDialog
        open={confirmingLogout}
        title="Log Out"
        message="Are you sure you want to log out?"
        confirmLabel="Yes, I'm Sure"
        busy={logout.isPending}
        onConfirm={() => logout.mutate()}
        onCancel={() => setConfirmingLogout(false)}
      />
    </>
  )
}

/** 'LinkedIn Verification' (SPEC §2): only while no LinkedIn profile is linked. */
function LinkedInRow() {
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
      label={start.isPending ? 'Opening LinkedIn…' : 'LinkedIn Verification'}
      onClick={() => void verify()}
      testId="linkedin-row"
    />
  )
}

function KycBanner({ user }: { user: User }) {
  const inReview = user.kyc_status === 'needs_review'
  return (
    <section className={styles.kycBanner} role="note" aria-label="Profile not verified">
      <div>
        <p className={styles.kycTitle}>Profile not verified</p>
        <p>
          {inReview
            ? 'We have received your application. You will be notified once it has been reviewed.'
            : 'Verify your identity so co-travellers can trust your profile.'}
        </p>
      </div>
      {!inReview && (
        <Link to={paths.kyc} className="btn btn-small btn-secondary">
          Complete KYC
        </Link>
      )}
    </section>
  )
}
