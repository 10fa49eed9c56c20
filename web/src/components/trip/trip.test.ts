import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  co2Line,
  costRange,
  firstName,
  clockMoment,
  isAlmostFull,
  modeLabel,
  timeOfDayLabel,
  tripBadges,
  tripDistance,
  tripWhen,
  type Trip,
} from './trip'
import { formatDate, formatTime, type Instant } from '@/i18n/format'
import { useT } from '@/i18n'
import { formatMoney } from '@/i18n/format'

/** English, as a screen outside a provider speaks. */
const t = renderHook(() => useT()).result.current
const money = (rupees: number) => formatMoney(rupees, 'en')

const trip = (overrides: Partial<Trip> = {}) =>
  ({
    is_current_user_host: false,
    user_status: 'default',
    cab: null,
    status: 'ACTIVE',
    active_passenger_count: 1,
    total_passengers: 4,
    is_past: false,
    current_co2_saving: 2.5,
    next_co2_saving: 3,
    ...overrides,
  }) as Trip

describe('trip cards', () => {
  it('names the part of the day: morning before noon, afternoon until three, evening after', () => {
    expect(timeOfDayLabel(11, t)).toBe('Morning')
    expect(timeOfDayLabel(12, t)).toBe('Afternoon')
    expect(timeOfDayLabel(14, t)).toBe('Afternoon')
    expect(timeOfDayLabel(15, t)).toBe('Evening')
  })

  it("shows a trip's date and its India time on a 12-hour clock, the language's way", () => {
    const inLanguage = (locale: 'en' | 'hi') => ({
      date: (instant: Instant) => formatDate(instant, locale),
      time: (instant: Instant) => formatTime(instant, locale),
    })
    expect(tripWhen('2026-05-04 18:45', inLanguage('en'))).toMatch(/^4 May 2026 · 6:45\spm$/)
    expect(tripWhen('2026-05-04 00:05', inLanguage('hi'))).toMatch(/^4 मई 2026 · 12:05\sam$/)
    expect(formatTime(clockMoment('00:05'), 'en')).toMatch(/^12:05\sam$/)
    expect(formatTime(clockMoment('12:30'), 'en')).toMatch(/^12:30\spm$/)
  })

  it('reads mode codes, anything unknown being self drive', () => {
    expect([1, 2, 3, 4, 9].map((code) => modeLabel(code, t))).toEqual(['Cab', 'Auto', 'Undecided', 'Self Drive', 'Self Drive'])
  })

  it('marks the host, a pending request and a requested or booked cab', () => {
    expect(tripBadges(trip({ is_current_user_host: true }))).toEqual(['Hosted'])
    expect(tripBadges(trip({ user_status: 'requested' }))).toEqual(['Requested'])
    expect(tripBadges(trip({ cab: { status: 'booked' } as Trip['cab'] }))).toEqual(['Cab Booked'])
    expect(tripBadges(trip({ cab: { status: 'requested' } as Trip['cab'] }))).toEqual(['Cab Booked'])
    expect(tripBadges(trip({ cab: { status: 'eligible' } as Trip['cab'] }))).toEqual([])
  })

  it('says full when every seat is taken, almost full with one left, cancelled above both', () => {
    expect(tripBadges(trip({ active_passenger_count: 4 }))).toEqual(['Trip Full'])
    expect(tripBadges(trip({ active_passenger_count: 3 }))).toEqual(['Almost Full'])
    expect(tripBadges(trip({ active_passenger_count: 3, status: 'CANCELLED' }))).toEqual(['Cancelled'])
  })

  it('splits the cost from every seat up to half the total, in rupees, or says not booked', () => {
    expect(costRange(0, 4, t, money)).toBe('Not booked')
    expect(costRange(1000, 4, t, money)).toBe('₹250 - ₹500')
    expect(costRange(1000, 3, t, money)).toBe('₹333 - ₹500')
    expect(costRange(1200, 2, t, money)).toBe('₹600')
    expect(costRange(100000, 4, t, money)).toBe('₹25,000 - ₹50,000')
  })

  it('says Saving to members, Save to others before the trip and Saved after it', () => {
    expect(co2Line(trip({ is_current_user_host: true }), t)).toBe('Saving 2.5 kg CO2')
    expect(co2Line(trip({ user_status: 'active' }), t)).toBe('Saving 2.5 kg CO2')
    expect(co2Line(trip({ user_status: 'requested' }), t)).toBe('Save 3 kg CO2')
    expect(co2Line(trip({ is_past: true, user_status: 'active' }), t)).toBe('Saved 2.5 kg CO2')
  })

  it("calls a trip 'Almost Full' only when one seat is left of three or more", () => {
    expect(isAlmostFull(2, 3)).toBe(true)
    expect(isAlmostFull(3, 4)).toBe(true)
    expect(isAlmostFull(1, 2)).toBe(false)
    expect(isAlmostFull(2, 4)).toBe(false)
    expect(isAlmostFull(3, 3)).toBe(false)
    expect(tripBadges(trip({ active_passenger_count: 1, total_passengers: 2 }))).toEqual([])
    expect(tripBadges(trip({ active_passenger_count: 2, total_passengers: 2 }))).toEqual(['Trip Full'])
  })

  it('names a host by their first name', () => {
    expect(firstName('Priya  Sharma')).toBe('Priya')
    expect(firstName(' Ravi')).toBe('Ravi')
    expect(firstName(null)).toBe('')
  })

  it("says 'about' before distances measured from approximate ends, and nothing for exact ones", () => {
    expect(tripDistance({ origin: { is_approximate: true } }, 12.34, t)).toBe('about 12 km')
    expect(tripDistance({ origin: { is_approximate: false } }, 4.56, t)).toBe('4.6 km')
  })
})
