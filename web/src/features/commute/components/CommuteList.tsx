import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styles from './CommuteList.module.css'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { toast } from '@/components/toast'
import { formatClock } from '@/components/trip/trip'
import { errorMessage } from '@/lib/api'
import { commutesQueryOptions, repeatSummary, useStopCommute, type CommuteSeries } from '@/lib/commutes'

/** The host's commute series, each with Stop; the app shows it above Trips › Hosting. */
export function CommuteList() {
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
        Commutes
      </h2>
      <ul className={styles.list}>
        {commutes.data.map((series) => (
          <li key={series.id} className={styles.commute} data-testid="commute">
            <div>
              <p className={styles.commuteRoute}>
                {series.origin.name} → {series.destination.name}
              </p>
              <p className="muted">
                {repeatSummary(series.days, series.time, formatClock)} · {series.next_trips.length} upcoming
              </p>
            </div>
            <button type="button" className="btn btn-danger btn-small" onClick={() => setStopping(series)}>
              Stop
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={stopping !== null}
        title="Stop commute"
        message="No more trips will be published. Upcoming trips nobody has joined are deleted; the others stay."
        confirmLabel="Stop"
        danger
        busy={stop.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setStopping(null)}
      />
    </section>
  )
}
