import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link, Outlet } from 'react-router'
import { aroundTripsQueryOptions, aroundWindow } from '../api/around-trips'
import { BannerCarousel } from './BannerCarousel'
import styles from './HomeScreen.module.css'
import { TopBar } from './TopBar'
import { useCurrentLocation } from './use-current-location'
import { AfterFirstPaint } from '@/components/AfterFirstPaint'
import { Carousel } from '@/components/Carousel'
import { PlusIcon, SearchIcon } from '@/components/icons'
import { TripCard } from '@/components/trip/TripCard'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { useT } from '@/i18n'
import { useConfig, useCurrentUser } from '@/lib/session'
import { UPCOMING_TRIPS, userTripsQueryOptions } from '@/lib/trips'
import '@/i18n/catalogs/en/home'

// The prompt draws nothing until the trips to rate have been asked for: its code and its request come after home
// has been painted.
const RatingPrompt = lazy(() => import('./RatingPrompt').then((module) => ({ default: module.RatingPrompt })))

/** Home; an open trip sheet (/trip/{id}) is drawn over it through the outlet. */
export function HomeScreen() {
  const t = useT()
  const user = useCurrentUser()
  const config = useConfig()
  const { location, save } = useCurrentLocation(config.current_location_expiry_in_minutes)
  const firstName = user.name?.split(' ')[0] ?? ''

  const upcoming = useQuery(userTripsQueryOptions(UPCOMING_TRIPS))
  const origin = location?.lat != null && location.long != null ? { lat: location.lat, long: location.long } : null
  const upcomingIds = (upcoming.data ?? []).map((trip) => trip.id)
  const around = useQuery({
    ...aroundTripsQueryOptions(aroundWindow(config.time_of_day_to_fetch_next_day_trips_in_home), origin ?? { lat: 0, long: 0 }, upcomingIds),
    enabled: origin !== null && !upcoming.isPending,
  })

  const upcomingTrips = upcoming.data ?? []
  const aroundTrips = around.data ?? []
  const loading = upcoming.isPending || (origin !== null && around.isPending)
  const anyTrips = upcomingTrips.length > 0 || aroundTrips.length > 0

  return (
    <>
      <TopBar user={user} location={location} onLocationSaved={save} />
      <main className={`${styles.body} ${anyTrips ? styles.withFabs : ''}`}>
        <div>
          <h1>{t('home.greeting', { name: firstName })}</h1>
          <p className="muted">{t('home.headingToday')}</p>
        </div>
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <RatingPrompt />
          </Suspense>
        </AfterFirstPaint>
        <BannerCarousel user={user} config={config} />

        {upcomingTrips.length > 0 && (
          <section className={styles.section} aria-labelledby="upcoming-heading">
            <div className={styles.sectionHead}>
              <h2 id="upcoming-heading">{t('home.upcoming')}</h2>
              <Link to={paths.trips} className={styles.seeAll}>
                {t('home.seeAll')}
              </Link>
            </div>
            <Carousel label={t('home.yourUpcoming')} slidesPerView={LIMITS.TRIP_CARD_SLIDES} testId="upcoming-trips">
              {upcomingTrips.map((trip) => (
                <TripCard key={trip.id} trip={trip} />
              ))}
            </Carousel>
          </section>
        )}

        {aroundTrips.length > 0 && (
          <section className={styles.section} aria-labelledby="around-heading">
            <h2 id="around-heading">{t('home.around')}</h2>
            <ul className={styles.list} data-testid="trips-around">
              {aroundTrips.map((trip) => (
                <li key={trip.id}>
                  <TripCard trip={trip} />
                </li>
              ))}
            </ul>
          </section>
        )}

        {loading && !anyTrips && (
          <p className={styles.loading} role="status">
            {t('home.lookingForTrips')}
          </p>
        )}

        {!loading && !anyTrips && (
          <>
            <section className={styles.card} aria-labelledby="create-trip-heading">
              <CreateArt />
              <div className={styles.cardText}>
                <h2 id="create-trip-heading">{t('home.createTitle')}</h2>
                <p className="muted">{t('home.createIntro')}</p>
              </div>
              <Link to={paths.createTrip} className="btn btn-primary">
                <PlusIcon size={20} /> {t('home.createTrip')}
              </Link>
            </section>
            <section className={styles.card} aria-labelledby="search-trip-heading">
              <SearchArt />
              <div className={styles.cardText}>
                <h2 id="search-trip-heading">{t('home.searchTitle')}</h2>
                <p className="muted">{t('home.searchIntro')}</p>
              </div>
              <Link to={paths.searchTrip} className="btn btn-secondary">
                <SearchIcon size={20} /> {t('home.search')}
              </Link>
            </section>
          </>
        )}
      </main>
      {anyTrips && (
        <nav className={styles.fabs} aria-label={t('home.tripActions')}>
          <Link to={paths.searchTrip} className={`btn ${styles.fab} ${styles.fabSecondary}`}>
            <SearchIcon size={20} /> {t('home.search')}
          </Link>
          <Link to={paths.createTrip} className={`btn btn-primary ${styles.fab}`}>
            <PlusIcon size={20} /> {t('home.createTrip')}
          </Link>
        </nav>
      )}
      <Outlet />
    </>
  )
}

function CreateArt() {
  return (
    <svg className={styles.art} viewBox="0 0 200 90" aria-hidden="true">
      <rect x="0" y="62" width="200" height="10" rx="5" fill="#d3dcda" />
      <rect x="20" y="66" width="20" height="2" fill="#fff" />
      <rect x="90" y="66" width="20" height="2" fill="#fff" />
      <rect x="160" y="66" width="20" height="2" fill="#fff" />
      <g transform="translate(60 22)">
        <path d="M8 22 L18 6 H58 L70 22 Z" fill="#0e6b5c" />
        <rect x="0" y="20" width="80" height="22" rx="8" fill="#0e6b5c" />
        <rect x="24" y="10" width="14" height="10" rx="2" fill="#cfe8e3" />
        <rect x="42" y="10" width="14" height="10" rx="2" fill="#cfe8e3" />
        <circle cx="18" cy="42" r="9" fill="#17211f" />
        <circle cx="62" cy="42" r="9" fill="#17211f" />
        <circle cx="18" cy="42" r="3.5" fill="#d3dcda" />
        <circle cx="62" cy="42" r="3.5" fill="#d3dcda" />
      </g>
      <circle cx="40" cy="30" r="9" fill="#ffb703" />
      <circle cx="165" cy="30" r="9" fill="#ffb703" />
    </svg>
  )
}

function SearchArt() {
  return (
    <svg className={styles.art} viewBox="0 0 200 90" aria-hidden="true">
      <path d="M20 70 C 60 20, 120 90, 180 25" fill="none" stroke="#0e6b5c" strokeWidth="4" strokeDasharray="10 8" />
      <circle cx="20" cy="70" r="9" fill="#0e6b5c" />
      <path d="M180 8 C170 8 164 15 164 23 C164 34 180 46 180 46 C180 46 196 34 196 23 C196 15 190 8 180 8 Z" fill="#ffb703" />
      <circle cx="180" cy="23" r="5" fill="#fff" />
      <circle cx="100" cy="45" r="16" fill="none" stroke="#17211f" strokeWidth="5" />
      <path d="M112 57 L124 69" stroke="#17211f" strokeWidth="6" strokeLinecap="round" />
    </svg>
  )
}
