import { useSuspenseQuery } from '@tanstack/react-query'
import styles from './Co2Saved.module.css'
import { LeafIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { SafeHtml } from '@/components/SafeHtml'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { formatKg, towardsNextTree, treesPlanted } from '@/lib/co2'
import { useConfig, userQueryOptions } from '@/lib/session'
import { useT } from '@/i18n'
import '@/i18n/catalogs/en/trips'

const RADIUS = 52
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

/** /co2-saved (SPEC §2): the person's CO2 saved, a ring filling towards the next 50 kg, trees planted, and how it
 * was counted. */
export function Co2SavedScreen() {
  // Read afresh: a trip completed since the app started has credited more.
  const user = useSuspenseQuery({ ...userQueryOptions(), staleTime: 0 }).data
  const config = useConfig()
  const t = useT()
  const kg = user.user_trips_insights.total_co2_saved
  const trees = treesPlanted(kg)
  const next = towardsNextTree(kg)
  const toGo = LIMITS.KG_CO2_PER_TREE - next.kg
  return (
    <>
      <PageHeader title={t('trips.co2Saved')} backTo={paths.profile} />
      <main className={`screen ${styles.screen}`}>
        <section className={styles.hero} aria-label={t('trips.yourCo2Saved')}>
          <div
            className={styles.ring}
            role="progressbar"
            aria-label={t('trips.towardsNextTree')}
            aria-valuemin={0}
            aria-valuemax={LIMITS.KG_CO2_PER_TREE}
            aria-valuenow={Number(next.kg.toFixed(1))}
            aria-valuetext={t('trips.towardsNextTreeValue', { kg: formatKg(next.kg), total: LIMITS.KG_CO2_PER_TREE })}
          >
            <svg viewBox="0 0 120 120" aria-hidden="true">
              <circle className={styles.track} cx="60" cy="60" r={RADIUS} />
              <circle
                className={styles.fill}
                cx="60"
                cy="60"
                r={RADIUS}
                strokeDasharray={CIRCUMFERENCE}
                strokeDashoffset={CIRCUMFERENCE * (1 - next.share)}
              />
            </svg>
            <span className={styles.ringText}>
              <LeafIcon size={22} />
              <span className={styles.kg} data-testid="co2-total">
                {t('trips.kg', { kg: formatKg(kg) })}
              </span>
              <span className="muted">{t('trips.co2SavedCaption')}</span>
            </span>
          </div>
          <p className={styles.next}>
            {t('trips.kgToNextTree', { kg: formatKg(toGo) })}
          </p>
        </section>
        <section className={styles.card} aria-labelledby="trees-heading">
          <h2 id="trees-heading" className={styles.cardTitle}>
            {t('trips.treesPlanted')}
          </h2>
          <p className={styles.trees} data-testid="co2-trees">
            {t('trips.trees', { count: trees })}
          </p>
          <p className="muted">{t('trips.treePerKg', { kg: LIMITS.KG_CO2_PER_TREE })}</p>
        </section>
        <section className={styles.card} aria-labelledby="co2-how-heading">
          <h2 id="co2-how-heading" className={styles.cardTitle}>
            {config.co2_explanation_heading}
          </h2>
          <SafeHtml html={config.co2_explanation_content} className={styles.explanation} />
        </section>
      </main>
    </>
  )
}
