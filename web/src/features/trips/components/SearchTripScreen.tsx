import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { tripDateRange } from '../model/trip-dates'
import {
  canSearch,
  emptySearchForm,
  searchFormFrom,
  searchQuery,
  type HostGender,
  type SearchForm,
  type VehicleBookedFilter,
} from '../model/search-query'
import { DateField } from './DateField'
import { LocationPicker } from './LocationPicker'
import { ModeChoice } from './ModeChoice'
import styles from './TripForm.module.css'
import { PageHeader } from '@/components/PageHeader'
import { MODES } from '@/components/trip/trip'
import { paths } from '@/config/paths'
import { LIMITS } from '@/generated/rules'
import { isKycEnabled, useConfig } from '@/lib/session'
import { useT, type Key } from '@/i18n'
import '@/i18n/catalogs/en/trips'

const PASSENGER_CHOICES = Array.from(
  { length: LIMITS.PASSENGERS_MAX - LIMITS.PASSENGERS_MIN + 1 },
  (_, index) => LIMITS.PASSENGERS_MIN + index,
)

/** The words of a filter's choices. */
type ChoiceKey = Extract<Key, 'trips.any' | 'trips.male' | 'trips.female' | 'trips.yes' | 'trips.no'>

const GENDERS: { value: HostGender; label: ChoiceKey }[] = [
  { value: 'any', label: 'trips.any' },
  { value: 'MALE', label: 'trips.male' },
  { value: 'FEMALE', label: 'trips.female' },
]

const BOOKED: { value: VehicleBookedFilter; label: ChoiceKey }[] = [
  { value: 'any', label: 'trips.any' },
  { value: 'true', label: 'trips.yes' },
  { value: 'false', label: 'trips.no' },
]

function ChipGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: { value: Value; label: string }[]
  value: Value
  onChange: (value: Value) => void
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="field-label">{legend}</legend>
      <div className={styles.chips}>
        {options.map((option) => (
          <label key={option.value} className={styles.chip}>
            <input type="radio" name={name} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function SearchTripScreen() {
  const navigate = useNavigate()
  const config = useConfig()
  const t = useT()
  const [params] = useSearchParams()
  const [form, setForm] = useState<SearchForm>(() => searchFormFrom(params))
  const [filtersOpen, setFiltersOpen] = useState(() => {
    const initial = searchFormFrom(params)
    return Boolean(
      initial.maximumPassengers ||
        initial.modes.length ||
        initial.gender !== 'any' ||
        initial.vehicleBooked !== 'any' ||
        initial.estimatedCost ||
        initial.verifiedHostsOnly,
    )
  })
  const [dateError, setDateError] = useState<string>()
  const range = tripDateRange()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSearch(form)) return
    if (!form.date || form.date < range.min || form.date > range.max) {
      setDateError(t('trips.dateInvalid'))
      return
    }
    navigate(`${paths.searchResult}?${searchQuery(form)}`)
  }

  const toggleMode = (code: number) =>
    setForm((current) => ({
      ...current,
      modes: current.modes.includes(code) ? current.modes.filter((mode) => mode !== code) : [...current.modes, code],
    }))

  return (
    <>
      <PageHeader
        title={t('trips.searchTrip')}
        actions={
          <button type="button" className="link-button" style={{ padding: '0 12px' }} onClick={() => setForm(emptySearchForm())}>
            {t('trips.clearAll')}
          </button>
        }
      />
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.section}>
          <LocationPicker
            label={t('trips.from')}
            value={form.origin}
            onChange={(origin) => setForm((current) => ({ ...current, origin }))}
            testId="search-from"
          />
          <LocationPicker
            label={t('trips.to')}
            value={form.destination}
            onChange={(destination) => setForm((current) => ({ ...current, destination }))}
            testId="search-to"
          />
          <DateField
            label={t('trips.date')}
            value={form.date}
            min={range.min}
            max={range.max}
            error={dateError}
            onChange={(date) => {
              setForm({ ...form, date })
              setDateError(undefined)
            }}
            testId="search-date"
          />
        </div>

        <div className={styles.section}>
          <button
            type="button"
            className={styles.disclosure}
            aria-expanded={filtersOpen}
            aria-controls="advanced-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('trips.advancedFilters')}
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className={styles.chevron}>
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {filtersOpen && (
            <div id="advanced-filters" className={styles.filters}>
              <ChipGroup
                legend={t('trips.maximumPassengers')}
                name="maximum-passengers"
                options={[
                  { value: 'any', label: t('trips.any') },
                  ...PASSENGER_CHOICES.map((count) => ({ value: String(count), label: String(count) })),
                ]}
                value={form.maximumPassengers ? String(form.maximumPassengers) : 'any'}
                onChange={(value) => setForm({ ...form, maximumPassengers: value === 'any' ? null : Number(value) })}
              />
              <ModeChoice
                legend={t('trips.modeOfTransport')}
                multiple
                selected={form.modes}
                onToggle={toggleMode}
                exclude={[MODES.undecided]}
              />
              <ChipGroup
                legend={t('trips.hostGender')}
                name="host-gender"
                options={GENDERS.map((gender) => ({ value: gender.value, label: t(gender.label) }))}
                value={form.gender}
                onChange={(gender) => setForm({ ...form, gender })}
              />
              <ChipGroup
                legend={t('trips.vehicleBooked')}
                name="vehicle-booked"
                options={BOOKED.map((booked) => ({ value: booked.value, label: t(booked.label) }))}
                value={form.vehicleBooked}
                onChange={(vehicleBooked) => setForm({ ...form, vehicleBooked })}
              />
              <div className="field">
                <label className="field-label" htmlFor="search-cost">
                  {t('trips.estimatedCost')}
                </label>
                <input
                  id="search-cost"
                  className="input"
                  type="number"
                  inputMode="decimal"
                  min={LIMITS.ESTIMATED_COST_MIN}
                  max={LIMITS.ESTIMATED_COST_MAX}
                  step={LIMITS.ESTIMATED_COST_STEP}
                  placeholder={t('trips.any')}
                  value={form.estimatedCost}
                  onChange={(event) => setForm({ ...form, estimatedCost: event.target.value })}
                />
              </div>
              {isKycEnabled(config) && (
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={form.verifiedHostsOnly}
                    onChange={(event) => setForm({ ...form, verifiedHostsOnly: event.target.checked })}
                  />
                  {t('trips.verifiedHostsOnly')}
                </label>
              )}
            </div>
          )}
        </div>

        <div className={styles.footer}>
          <button type="submit" className="btn btn-primary btn-block" disabled={!canSearch(form)}>
            {t('trips.searchTrip')}
          </button>
        </div>
      </form>
    </>
  )
}
