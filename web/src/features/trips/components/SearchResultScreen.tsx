import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { searchTripsQueryOptions } from '../api/trips'
import { searchFormFrom, searchPointQuery, searchQuery, tripSearch } from '../model/search-query'
import styles from './TripLists.module.css'
import { Dialog } from '@/components/Dialog'
import { EmptyState } from '@/components/EmptyState'
import { SearchIcon } from '@/components/icons'
import { PageHeader } from '@/components/PageHeader'
import { TripCard } from '@/components/trip/TripCard'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api'
import { shortLocationName } from '@/lib/location'
import { useI18n } from '@/i18n'
import { fromIndiaWallTime } from '@/i18n/format'
import { useFormat } from '@/i18n/useFormat'
import '@/i18n/catalogs/en/trips'

/** Everything comes from the address, so results survive a reload and can be shared. */
export function SearchResultScreen() {
  const navigate = useNavigate()
  const { t, message } = useI18n()
  const format = useFormat()
  const [params] = useSearchParams()
  const form = searchFormFrom(params)
  const query = searchQuery(form)
  const results = useInfiniteQuery(searchTripsQueryOptions(query, tripSearch(form)))
  const trips = results.data?.pages.flatMap((page) => page.trips) ?? []
  // No results say so once: first the 'No trips around?' dialog; once it is dismissed, the screen's empty state.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null)
  const sheetQuery = searchPointQuery(params)
  const empty = results.isSuccess && trips.length === 0
  const noTripsOpen = empty && dismissedFor !== query

  return (
    <>
      <PageHeader title={t('trips.searchResults')} backTo={`${paths.searchTrip}?${query}`} />
      <main className={styles.screen}>
        <section className={styles.summary} aria-label={t('trips.yourSearch')}>
          <p className={styles.summaryRoute}>
            <span>{shortLocationName(form.origin?.name ?? '')}</span>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> {t('trips.routeTo')} </span>
            <span>{shortLocationName(form.destination?.name ?? '')}</span>
          </p>
          <p className="muted">{format.date(fromIndiaWallTime(form.date))}</p>
        </section>
        {results.isPending && <p className={styles.loading} role="status">
            {t('trips.lookingForTrips')}
          </p>}
        {results.isError && !results.isFetchNextPageError && (
          <EmptyState title={t('trips.couldNotLoadTrips')} description={message(errorMessage(results.error))}>
            <button type="button" className="btn btn-primary btn-small" onClick={() => void results.refetch()}>
              {t('trips.tryAgain')}
            </button>
          </EmptyState>
        )}
        {trips.length > 0 && (
          <>
            <h2 className={styles.count}>
              {results.hasNextPage
                ? t('trips.moreTripsFound', { count: trips.length })
                : t('trips.tripsFound', { count: trips.length })}
            </h2>
            <ul className={styles.list} data-testid="search-results">
              {trips.map((trip) => (
                <li key={trip.id}>
                  <TripCard trip={trip} search={sheetQuery} />
                </li>
              ))}
            </ul>
            {results.hasNextPage && (
              <button
                type="button"
                className="btn btn-secondary btn-block"
                disabled={results.isFetchingNextPage}
                onClick={() => void results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? t('trips.loadingMoreTrips') : t('trips.showMoreTrips')}
              </button>
            )}
            {results.isFetchNextPageError && (
              <p role="alert" className="muted">
                {message(errorMessage(results.error))}
              </p>
            )}
          </>
        )}
        {empty && !noTripsOpen && (
          <EmptyState
            title={t('trips.noTripsFound')}
            description={t('trips.noTripsFoundText')}
            illustration={<SearchIcon size={40} />}
          >
            <button type="button" className="btn btn-primary btn-small" onClick={() => navigate(paths.createTrip)}>
              {t('trips.createTrip')}
            </button>
          </EmptyState>
        )}
      </main>
      <Dialog open={noTripsOpen} title={t('trips.noTripsAround')} onClose={() => setDismissedFor(query)} testId="no-trips-dialog">
        <p className="muted">{t('trips.noTripsAroundText')}</p>
        <div style={{ display: 'flex', gap: 12 }}>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setDismissedFor(query)}>
            {t('trips.cancel')}
          </button>
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.createTrip)}>
            {t('trips.create')}
          </button>
        </div>
      </Dialog>
    </>
  )
}
