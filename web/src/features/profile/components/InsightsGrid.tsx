import { Link } from 'react-router'
import styles from './InsightsGrid.module.css'
import { CarIcon, LeafIcon, UsersIcon, WheelIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import type { TripInsights } from '@/lib/session'
import '@/i18n/catalogs/en/profile'

/** One tree for every 50 kg of CO2 avoided. */
export const treesPlanted = (kgCo2: number): number => Math.floor(kgCo2 / LIMITS.KG_CO2_PER_TREE)

export function InsightsGrid({ insights, own }: { insights: TripInsights; own: boolean }) {
  const t = useT()
  const format = useFormat()
  const co2 = insights.total_co2_saved
  const trees = treesPlanted(co2)
  const co2Tile = (
    <>
      <LeafIcon className={styles.icon} />
      <span className={styles.value}>{t('profile.co2Kg', { kg: format.number(co2, { maximumFractionDigits: 1 }) })}</span>
      <span className={styles.label}>{t('profile.co2Saved')}</span>
      <span className={styles.extra}>{t('profile.treesPlanted', { count: trees })}</span>
    </>
  )
  return (
    <section aria-labelledby="insights-heading">
      <h2 id="insights-heading" className={styles.heading}>
        {t('profile.insights')}
      </h2>
      <div className={styles.grid}>
        <div className={styles.tile}>
          <CarIcon className={styles.icon} />
          <span className={styles.value}>{format.number(insights.total_trips_joined)}</span>
          <span className={styles.label}>{t('profile.totalTrips')}</span>
        </div>
        <div className={styles.tile}>
          <WheelIcon className={styles.icon} />
          <span className={styles.value}>{format.number(insights.trips_hosted)}</span>
          <span className={styles.label}>{t('profile.hostedTrips')}</span>
        </div>
        <div className={styles.tile}>
          <UsersIcon className={styles.icon} />
          <span className={styles.value}>{format.number(insights.new_people_met)}</span>
          <span className={styles.label}>{t('profile.newPeople')}</span>
        </div>
        {own && co2 > 0 ? (
          <Link to={paths.co2Saved} className={`${styles.tile} ${styles.link}`}>
            {co2Tile}
          </Link>
        ) : (
          <div className={styles.tile}>{co2Tile}</div>
        )}
      </div>
    </section>
  )
}
