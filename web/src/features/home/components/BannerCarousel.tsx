import { Link } from 'react-router'
import styles from './BannerCarousel.module.css'
import { useFirstPaintDone } from '@/components/AfterFirstPaint'
import { Carousel } from '@/components/Carousel'
import { LeafIcon, ShareIcon } from '@/components/icons'
import { toast } from '@/components/toast'
import { treesFor } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useT, type Translate } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { isKycEnabled, type Config, type User } from '@/lib/session'
import { shareNotice, shareOrCopy } from '@/lib/share'
import '@/i18n/catalogs/en/home'

/** The referral template: {1} is the person's name, {0} their referral code. */
export const referralText = (template: string, name: string, code: string): string =>
  template.replaceAll('{1}', name).replaceAll('{0}', code)

/** The phone's share sheet when there is one, else the invitation goes to the clipboard. */
async function inviteFriends(config: Config, user: User, t: Translate) {
  const text = referralText(config.referral_message, user.name ?? '', user.referral_code)
  const notice = shareNotice(await shareOrCopy({ title: t('common.appName'), text }, text), t('home.inviteCopied'), t)
  if (notice) toast[notice.kind](notice.message)
}

export function BannerCarousel({ user, config }: { user: User; config: Config }) {
  const t = useT()
  const format = useFormat()
  const co2 = user.user_trips_insights.total_co2_saved
  const trees = treesFor(co2)
  // The third slide's figures, off screen at first, are written once home has been painted: the first number and
  // plural a page writes load the language's Intl data, a long task that would otherwise hold up that paint.
  const painted = useFirstPaintDone()
  return (
    <Carousel label={t('home.highlights')} autoplaySeconds={LIMITS.BANNER_AUTOPLAY_SECONDS} testId="banner-carousel">
      <article className={`${styles.banner} ${styles.welcome}`}>
        <h2>{t('home.welcomeTitle')}</h2>
        <p>{t('home.welcomeText')}</p>
      </article>
      <article className={`${styles.banner} ${styles.invite}`}>
        <h2>{t('home.inviteTitle')}</h2>
        <p>{t('home.inviteText', { code: user.referral_code })}</p>
        <button type="button" className={styles.action} onClick={() => void inviteFriends(config, user, t)}>
          <ShareIcon size={18} /> {t('home.invite')}
        </button>
      </article>
      <article className={`${styles.banner} ${styles.co2}`}>
        <h2>
          <LeafIcon size={20} /> {painted && t('home.co2Saved', { kg: format.number(co2, { maximumFractionDigits: 1 }) })}
        </h2>
        <p>{painted && t('home.treesPlanted', { count: trees, kg: LIMITS.KG_CO2_PER_TREE })}</p>
        {co2 > 0 && (
          <Link to={paths.co2Saved} className={styles.action}>
            {t('home.seeImpact')}
          </Link>
        )}
      </article>
      {isKycEnabled(config) &&
        (user.is_kyc_verified ? (
          <article className={`${styles.banner} ${styles.kyc}`}>
            <h2>{t('home.verifiedTitle')}</h2>
            <p>{t('home.verifiedText')}</p>
          </article>
        ) : (
          <article className={`${styles.banner} ${styles.kyc}`}>
            <h2>{t('home.verifyTitle')}</h2>
            <p>{t('home.verifyText')}</p>
            <Link to={paths.kyc} className={styles.action}>
              {t('home.completeKyc')}
            </Link>
          </article>
        ))}
    </Carousel>
  )
}
