import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styles from './CommuteList.module.css'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { toast } from '@/components/toast'
import { clockMoment } from '@/components/trip/trip'
import { useT, type Translate } from '@/i18n'
import { useFormat, type Format } from '@/i18n/useFormat'
import { errorMessage } from '@/lib/api'
import { commutesQueryOptions, useStopCommute, WEEKDAYS, type CommuteSeries } from '@/lib/commutes'
import '@/i18n/catalogs/en/commute'

/** 'Mon, Wed, Fri at 9:30 am' in the language. */
export const repeatLine = (series: Pick<CommuteSeries, 'days' | 'time'>, t: Translate, format: Pick<Format, 'time'>): string =>
  t('commute.repeats', {
    days: WEEKDAYS.filter(({ day }) => series.days.includes(day))
      .map(({ day }) => t(`commute.day${day}` as const))
      .join(', '),
    time: format.time(clockMoment(series.time)),
  })

/** The host's commute series, each with Stop; the app shows it above Trips › Hosting. */
export function CommuteList() {
  const t = useT()
  const format = useFormat()
  const commutes = useQuery(commutesQueryOptions())
  const stop = useStopCommute()
  const [stopping, setStopping] = useState<CommuteSeries | null>(null)
  if (!commutes.data?.length) return null

  const confirm = async () => {
    if (!stopping) return
    try {
      const answer = await stop.mutateAsync(stopping.id)
      toast.success(answer.message)
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setStopping(null)
    }
  }

  return (
    <section aria-labelledby="commutes-heading" className={styles.commutes}>
      <h2 id="commutes-heading" className={styles.commutesTitle}>
        {t('commute.title')}
      </h2>
      <ul className={styles.list}>
        {commutes.data.map((series) => (
          <li key={series.id} className={styles.commute} data-testid="commute">
            <div>
              <p className={styles.commuteRoute}>
                {series.origin.name} → {series.destination.name}
              </p>
              <p className="muted">
                {repeatLine(series, t, format)} · {t('commute.upcoming', { count: series.next_trips.length })}
              </p>
            </div>
            <button type="button" className="btn btn-danger btn-small" onClick={() => setStopping(series)}>
              {t('commute.stop')}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={stopping !== null}
        title={t('commute.stopTitle')}
        message={t('commute.stopWarning')}
        confirmLabel={t('commute.stop')}
        danger
        busy={stop.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setStopping(null)}
      />
    </section>
  )
}
