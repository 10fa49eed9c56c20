import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { reliabilityLine } from './reliability'
import { useT, type Translate } from '@/i18n'
import { render, type Catalog } from '@/i18n/catalog'
import hi from '@/i18n/catalogs/hi'
import kn from '@/i18n/catalogs/kn'
import { formatNumber, pluralCategory } from '@/i18n/format'

const t = renderHook(() => useT()).result.current
const translateIn = (catalog: Catalog, locale: 'hi' | 'kn'): Translate =>
  ((key: string, params?: Record<string, number>) =>
    render(catalog[key], params, (count) => pluralCategory(count, locale), (value) => formatNumber(value, locale))) as Translate

describe('the reliability line', () => {
  it('says the trips always and the lapses when there are any', () => {
    expect(reliabilityLine({ completed_trips: 12, late_cancellations: 1, no_shows: 0 }, t)).toBe('12 trips · 1 late cancel')
    expect(reliabilityLine({ completed_trips: 1, late_cancellations: 0, no_shows: 2 }, t)).toBe('1 trip · 2 no-shows')
    expect(reliabilityLine({ completed_trips: 0, late_cancellations: 0, no_shows: 0 }, t)).toBe('0 trips')
  })

  it('speaks the language, counting with its plurals', () => {
    const record = { completed_trips: 2, late_cancellations: 1, no_shows: 3 }
    expect(reliabilityLine(record, translateIn(hi as Catalog, 'hi'))).toBe('2 ट्रिप · 1 बार आख़िरी समय पर कैंसल · 3 बार नहीं पहुँचे')
    expect(reliabilityLine(record, translateIn(kn as Catalog, 'kn'))).toBe('2 ಟ್ರಿಪ್‌ಗಳು · 1 ಬಾರಿ ಕೊನೆ ಕ್ಷಣದ ಕ್ಯಾನ್ಸಲ್ · 3 ಬಾರಿ ಬರಲಿಲ್ಲ')
  })
})
