import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import styles from './TripLists.module.css'
import { EmptyState } from '@/components/EmptyState'
import { CarIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { TripCard } from '@/components/trip/TripCard'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { storage } from '@/lib/storage'
import { UPCOMING_TRIPS, userTripsQueryOptions, type UserTripsFilter } from '@/lib/trips'
import { useI18n, type Key } from '@/i18n'
import '@/i18n/catalogs/en/trips'

type TabKey = 'upcoming' | 'hosting' | 'recent'

/** SPEC §4 trip-list tabs and their empty states. */
type TabKeys = Extract<Key, 'trips.tabUpcoming' | 'trips.tabHosting' | 'trips.tabRecent' | `trips.empty${string}`>

export const TRIP_TABS: readonly { key: TabKey; label: TabKeys; filter: UserTripsFilter; empty: TabKeys }[] = [
  { key: 'upcoming', label: 'trips.tabUpcoming', filter: UPCOMING_TRIPS, empty: 'trips.emptyUpcoming' },
  { key: 'hosting', label: 'trips.tabHosting', filter: { type_ids: 'host', retrieve_past_trips: 1 }, empty: 'trips.emptyHosting' },
  { key: 'recent', label: 'trips.tabRecent', filter: { status_ids: 'active', retrieve_past_trips: 1 }, empty: 'trips.emptyRecent' },
]

function rememberedTab(): TabKey {
  const stored = storage.tripsTab.get()
  return TRIP_TABS.some((tab) => tab.key === stored) ? (stored as TabKey) : 'upcoming'
}

/** /trips: the person's trips by tab. `hostingBlock` is what the app shows above the hosted trips (the commutes). */
export function TripsScreen({ hostingBlock }: { hostingBlock: ReactNode }) {
  const { t, message } = useI18n()
  const [current, setCurrent] = useState<TabKey>(rememberedTab)
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const tab = TRIP_TABS.find((item) => item.key === current) ?? TRIP_TABS[0]
  const trips = useQuery(userTripsQueryOptions(tab.filter))

  const choose = (key: TabKey) => {
    setCurrent(key)
    storage.tripsTab.set(key)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TRIP_TABS.findIndex((item) => item.key === current)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = TRIP_TABS[(index + step + TRIP_TABS.length) % TRIP_TABS.length]
    choose(next.key)
    tabRefs.current[next.key]?.focus()
  }

  return (
    <>
      <PageHeader title={t('trips.trips')} />
      <main className={styles.screen}>
        <div role="tablist" aria-label={t('trips.trips')} className={styles.tabs} onKeyDown={onKeyDown}>
          {TRIP_TABS.map((item) => (
            <button
              key={item.key}
              ref={(element) => {
                tabRefs.current[item.key] = element
              }}
              type="button"
              role="tab"
              id={`trips-tab-${item.key}`}
              aria-selected={item.key === current}
              aria-controls="trips-panel"
              tabIndex={item.key === current ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(item.key)}
            >
              {t(item.label)}
            </button>
          ))}
        </div>
        <section id="trips-panel" role="tabpanel" aria-labelledby={`trips-tab-${current}`} className={styles.list}>
          {current === 'hosting' && hostingBlock}
          {trips.isPending && (
            <p className={styles.loading} role="status">
              {t('trips.loadingTrips')}
            </p>
          )}
          {trips.isError && (
            <EmptyState title={t('trips.couldNotLoadTrips')} description={message(errorMessage(trips.error))}>
              <button type="button" className="btn btn-primary btn-small" onClick={() => void trips.refetch()}>
                {t('trips.tryAgain')}
              </button>
            </EmptyState>
          )}
          {trips.isSuccess && trips.data.length === 0 && (
            <EmptyState title={t(tab.empty)} illustration={<CarIcon size={40} />}>
              <Link className="btn btn-primary btn-small" to={paths.createTrip}>
                {t('trips.createTrip')}
              </Link>
              <Link className="btn btn-secondary btn-small" to={paths.searchTrip}>
                {t('trips.searchTrip')}
              </Link>
            </EmptyState>
          )}
          {trips.isSuccess && trips.data.length > 0 && (
            <ul className={styles.list}>
              {trips.data.map((trip) => (
                <li key={trip.id}>
                  <TripCard trip={trip} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </>
  )
}
