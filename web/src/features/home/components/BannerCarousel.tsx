import { Link } from 'react-router'
import styles from './BannerCarousel.module.css'
import { Carousel } from '@/components/Carousel'
import { LeafIcon, ShareIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import { treesFor } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { isKycEnabled, type Config, type User } from '@/lib/session'
import { shareNotice, shareOrCopy } from '@/lib/share'

/** The referral template: {1} is the person's name, {0} their referral code. */
export const referralText = (template: string, name: string, code: string): string =>
  template.replaceAll('{1}', name).replaceAll('{0}', code)

const INVITE_COPIED = 'Invitation copied: paste it to your friends'

/** The phone's share sheet when there is one, else the invitation goes to the clipboard. */
async function inviteFriends(config: Config, user: User) {
  const text = referralText(config.referral_message, user.name ?? '', user.referral_code)
  const notice = shareNotice(await shareOrCopy({ title: 'Humsafar', text }, text), INVITE_COPIED)
  if (notice) toast[notice.kind](notice.message)
}

const formatKg = (kg: number) => (Number.isInteger(kg) ? String(kg) : kg.toFixed(1))

export function BannerCarousel({ user, config }: { user: User; config: Config }) {
  const co2 = user.user_trips_insights.total_co2_saved
  const trees = treesFor(co2)
  return (
    <Carousel label="Highlights" autoplaySeconds={LIMITS.BANNER_AUTOPLAY_SECONDS} testId="banner-carousel">
      <article className={`${styles.banner} ${styles.welcome}`}>
        <h2>Welcome to Humsafar</h2>
        <p>Share a cab, an auto or a self-drive ride with people going your way, and split the fare.</p>
      </article>
      <article className={`${styles.banner} ${styles.invite}`}>
        <h2>Invite friends</h2>
        <p>Commute together with people you know. Share your referral code {user.referral_code}.</p>
        <button type="button" className={styles.action} onClick={() => void inviteFriends(config, user)}>
          <ShareIcon size={18} /> Invite
        </button>
      </article>
      <article className={`${styles.banner} ${styles.co2}`}>
        <h2>
          <LeafIcon size={20} /> {formatKg(co2)} kg CO2 saved
        </h2>
        <p>
          That is {trees} {trees === 1 ? 'tree' : 'trees'} planted: one for every {LIMITS.KG_CO2_PER_TREE} kg of CO2 you
          avoid by sharing rides.
        </p>
        {co2 > 0 && (
          <Link to={paths.co2Saved} className={styles.action}>
            See your impact
          </Link>
        )}
      </article>
      {isKycEnabled(config) &&
        (user.is_kyc_verified ? (
          <article className={`${styles.banner} ${styles.kyc}`}>
            <h2>Congratulations, you are verified!</h2>
            <p>Your trips show the verified mark, so co-riders can join you with confidence.</p>
          </article>
        ) : (
          <article className={`${styles.banner} ${styles.kyc}`}>
            <h2>Verify your profile</h2>
            <p>Complete KYC to earn the verified mark and more trust from co-riders.</p>
            <Link to={paths.kyc} className={styles.action}>
              Complete KYC
            </Link>
          </article>
        ))}
    </Carousel>
  )
}
