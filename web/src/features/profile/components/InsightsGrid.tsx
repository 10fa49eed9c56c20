import { Link } from 'react-router'
import styles from './InsightsGrid.module.css'
import { CarIcon, LeafIcon, UsersIcon, WheelIcon } from '@/components/icons'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import type { TripInsights } from '@/lib/session'

/** One tree for every 50 kg of CO2 avoided. */
export const treesPlanted = (kgCo2: number): number => Math.floor(kgCo2 / LIMITS.KG_CO2_PER_TREE)

const formatKg = (kg: number) => (Number.isInteger(kg) ? String(kg) : kg.toFixed(1))

export function InsightsGrid({ insights, own }: { insights: TripInsights; own: boolean }) {
  const co2 = insights.total_co2_saved
  const trees = treesPlanted(co2)
  const co2Tile = (
    <>
      <LeafIcon className={styles.icon} />
      <span className={styles.value}>{formatKg(co2)} kg</span>
      <span className={styles.label}>CO2 Saved</span>
      <span className={styles.extra}>
        {trees} {trees === 1 ? 'tree' : 'trees'} planted
      </span>
    </>
  )
  return (
    <section aria-labelledby="insights-heading">
      <h2 id="insights-heading" className={styles.heading}>
        Trip insights
      </h2>
      <div className={styles.grid}>
        <div className={styles.tile}>
          <CarIcon className={styles.icon} />
          <span className={styles.value}>{insights.total_trips_joined}</span>
          <span className={styles.label}>Total Trips</span>
        </div>
        <div className={styles.tile}>
          <WheelIcon className={styles.icon} />
          <span className={styles.value}>{insights.trips_hosted}</span>
          <span className={styles.label}>Hosted Trips</span>
        </div>
        <div className={styles.tile}>
          <UsersIcon className={styles.icon} />
          <span className={styles.value}>{insights.new_people_met}</span>
          <span className={styles.label}>New People</span>
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
