import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useCabPlan, useCabRequest, vendorQuotesQueryOptions } from '../api/cab'
import { rupees, vendorError, withoutStop, withStop, MAX_STOPS, type BookingStep, type Stop } from '../model/booking'
import styles from './Cab.module.css'
import { StopPicker } from './StopPicker'
import { Busy } from '@/components/Busy'
import { PageHeader } from '@/components/PageHeader'
import { toast } from '@/components/toast'
import { paths } from '@/config/paths'
import { CHOICES } from '@/generated/rules'
import { useT, type Key } from '@/i18n'
import { useFormat } from '@/i18n/useFormat'
import { errorMessage } from '@/lib/api'
import { useConfig } from '@/lib/session'
import { tripQueryOptions } from '@/lib/trips'
import '@/i18n/catalogs/en/cab'

const STEPS = [
  { key: 'stops', label: 'cab.stepStops' },
  { key: 'vendor', label: 'cab.stepVendor' },
  { key: 'confirmation', label: 'cab.stepConfirmation' },
] as const satisfies readonly { key: BookingStep; label: Key }[]

/** /cab/booking?trip={id}: stops and category, then a vendor's quote, then the request (SPEC §2 Cab booking). */
export function CabBookingScreen() {
  const t = useT()
  const [params] = useSearchParams()
  const tripId = params.get('trip') ?? ''
  const navigate = useNavigate()
  const trip = useQuery({ ...tripQueryOptions(tripId, null), enabled: /^\d+$/.test(tripId), retry: false })
  const [step, setStep] = useState<BookingStep>('stops')
  const request = useCabRequest(tripId)

  const unknown = !/^\d+$/.test(tripId) || trip.isError
  useEffect(() => {
    if (!unknown) return
    toast.error(t('cab.tripNotFound'))
    navigate(paths.home, { replace: true })
  }, [unknown, navigate, t])

  return (
    <>
      <PageHeader title={t('cab.bookingTitle')} backTo={/^\d+$/.test(tripId) ? paths.trip(tripId) : paths.home} />
      <main className="screen" aria-busy={trip.isPending}>
        <ol className={styles.steps} aria-label={t('cab.steps')}>
          {STEPS.map((each) => (
            <li key={each.key} aria-current={each.key === step ? 'step' : undefined}>
              {t(each.label)}
            </li>
          ))}
        </ol>
        {!trip.data ? (
          <p role="status">{t('cab.loadingTrip')}</p>
        ) : step === 'stops' ? (
          <StopsStep tripId={tripId} onDone={() => setStep('vendor')} />
        ) : step === 'vendor' ? (
          <VendorStep
            tripId={tripId}
            onChosen={(vendor) => {
              setStep('confirmation')
              request.mutate(vendor)
            }}
          />
        ) : (
          <Confirmation pending={request.isPending} failure={request.isError ? errorMessage(request.error) : null} />
        )}
      </main>
    </>
  )
}

function StopsStep({ tripId, onDone }: { tripId: string; onDone: () => void }) {
  const t = useT()
  const config = useConfig()
  const categories: Record<string, string> = config.valid_cab_categories ?? CHOICES.CAB_CATEGORIES
  const [category, setCategory] = useState(Object.keys(categories)[0] ?? '')
  const [stops, setStops] = useState<Stop[]>([])
  const plan = useCabPlan(tripId)

  const next = async () => {
    try {
      await plan.mutateAsync({ category, stops: stops.map((stop) => ({ place_id: stop.place_id, name: stop.label })) })
      onDone()
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{t('cab.cabCategory')}</legend>
        {Object.entries(categories).map(([key, label]) => (
          <label key={key} className={styles.choice}>
            <input type="radio" name="cab-category" value={key} checked={category === key} onChange={() => setCategory(key)} />
            {label}
          </label>
        ))}
      </fieldset>
      <section aria-labelledby="stops-heading">
        <h2 id="stops-heading" className="field-label">
          {t('cab.stopsOnTheWay', { count: stops.length, max: MAX_STOPS })}
        </h2>
        {stops.length > 0 && (
          <ul className={styles.stops}>
            {stops.map((stop) => (
              <li key={stop.place_id} className={styles.stop}>
                <span>{stop.label}</span>
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('cab.removeStop', { stop: stop.label })}
                  onClick={() => setStops((current) => withoutStop(current, stop.place_id))}
                >
                  {t('cab.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <StopPicker disabled={stops.length >= MAX_STOPS} onPick={(stop) => setStops((current) => withStop(current, stop))} />
      </section>
      <button type="button" className="btn btn-primary btn-block" disabled={plan.isPending} onClick={() => void next()}>
        {plan.isPending ? t('cab.saving') : t('cab.next')}
      </button>
    </>
  )
}

function VendorStep({ tripId, onChosen }: { tripId: string; onChosen: (vendor: string) => void }) {
  const t = useT()
  const { money } = useFormat()
  const quotes = useQuery(vendorQuotesQueryOptions(tripId, true))
  const [vendor, setVendor] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const choose = () => {
    const problem = vendorError(vendor)
    setError(problem && t(problem))
    if (vendor && !problem) onChosen(vendor)
  }

  if (quotes.isPending) return <p role="status">{t('cab.askingVendors')}</p>
  if (quotes.isError)
    return (
      <div className={styles.centre}>
        <p role="alert">{errorMessage(quotes.error)}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void quotes.refetch()}>
          {t('cab.tryAgain')}
        </button>
      </div>
    )
  return (
    <>
      <fieldset className={styles.vendors} aria-describedby={error ? 'vendor-error' : undefined}>
        <legend className="field-label">{t('cab.selectVendor')}</legend>
        {quotes.data.map((quote) => (
          <label key={quote.code} className={styles.vendor}>
            <input
              type="radio"
              name="cab-vendor"
              value={quote.code}
              checked={vendor === quote.code}
              onChange={() => {
                setVendor(quote.code)
                setError(null)
              }}
            />
            {quote.logo ? <img src={quote.logo} alt="" width={32} height={32} /> : <span />}
            <span>
              <span className={styles.vendorName}>{quote.name}</span>
              <span className="muted"> · {t('cab.minutesAway', { minutes: quote.eta_minutes })}</span>
            </span>
            <span className={styles.fare}>{rupees(quote.total_fare, money)}</span>
            <p className={styles.breakup}>
              {Object.entries(quote.fare_breakup)
                .map(([item, amount]) => `${item} ${rupees(amount, money)}`)
                .join(' · ')}
            </p>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="vendor-error" role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={choose}>
        {t('cab.requestVendor')}
      </button>
    </>
  )
}

/** The request's answer: in flight, refused (with the server's words), or sent. */
function Confirmation({ pending, failure }: { pending: boolean; failure: string | null }) {
  const t = useT()
  const navigate = useNavigate()
  return (
    <div className={styles.centre}>
      {pending ? (
        <Busy text={t('cab.requesting')} />
      ) : failure ? (
        <div role="alert">
          <h2>{t('cab.requestFailed')}</h2>
          <p className="muted">{failure}</p>
        </div>
      ) : (
        <div role="status">
          <h2>{t('cab.requested')}</h2>
          <p className="muted">{t('cab.requestedText')}</p>
        </div>
      )}
      {!pending && (
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.home)}>
          {t('cab.goHome')}
        </button>
      )}
    </div>
  )
}
