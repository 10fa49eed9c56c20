import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  commutePayload,
  createPayload,
  withRepeatDay,
  editChanges,
  newTripForm,
  tripFormFrom,
  validateTripForm,
  withMode,
  withVehicleBooked,
  type TripFormValues,
} from './trip-form'
import { MODES, type Trip } from '@/components/trip/trip'
import { useT } from '@/i18n'

const t = renderHook(() => useT()).result.current

// 2026-04-01 10:00 in India.
const NOW = Date.UTC(2026, 3, 1, 4, 30)
const KORAMANGALA = { name: 'Koramangala', place_id: 'in-560034', latitude: 12.93, longitude: 77.62 }
const WHITEFIELD = { name: 'Whitefield', place_id: 'in-560066', latitude: 12.97, longitude: 77.75 }

const filled = (overrides: Partial<TripFormValues> = {}): TripFormValues => ({
  ...newTripForm(NOW),
  origin: KORAMANGALA,
  destination: WHITEFIELD,
  ...overrides,
})

const trip = {
  id: 7,
  origin: KORAMANGALA,
  destination: WHITEFIELD,
  scheduled_at: '2026-04-02 09:30',
  total_passengers: 3,
  preferred_mode_of_transport: MODES.cab,
  is_vehicle_booked: true,
  estimated_cost: 900,
  additional_note: 'Gate 2',
  max_detour_minutes: 10,
} as Trip

describe('create trip form', () => {
  it('starts two hours from now with two passengers by cab, not booked', () => {
    expect(newTripForm(NOW)).toMatchObject({
      date: '2026-04-01',
      time: '12:00',
      totalPassengers: 2,
      mode: MODES.cab,
      isVehicleBooked: false,
    })
  })

  it('asks for both places, a valid date and a valid time', () => {
    expect(validateTripForm({ ...newTripForm(NOW), date: '', time: '' }, 'create', t, NOW)).toEqual({
      origin: 'Please add From location',
      destination: 'Please add To location',
      date: 'Please add valid date',
      time: 'Please add valid time',
    })
  })

  it('refuses a time in the past, with the words of the screen asking', () => {
    const past = filled({ time: '09:59' })
    expect(validateTripForm(past, 'create', t, NOW).time).toBe('Cannot create trip. Time of trip cannot be in the past.')
    expect(validateTripForm(past, 'edit', t, NOW).time).toBe('Cannot edit trip. Time of trip cannot be in the past.')
  })

  it('refuses dates before today and more than five years ahead', () => {
    expect(validateTripForm(filled({ date: '2026-03-31' }), 'create', t, NOW).date).toBe('Please add valid date')
    expect(validateTripForm(filled({ date: '2031-04-02' }), 'create', t, NOW).date).toBe('Please add valid date')
    expect(validateTripForm(filled({ date: '2031-04-01' }), 'create', t, NOW).date).toBeUndefined()
  })

  it('takes a note in any script and names the invisible characters it refuses', () => {
    expect(validateTripForm(filled({ note: "Gate 2, I'll wait 🚕 गेट 2" }), 'create', t, NOW).note).toBeUndefined()
    expect(validateTripForm(filled({ note: 'Gate\u200b2' }), 'create', t, NOW).note).toBe(
      'Note contains characters that are not allowed: U+200B',
    )
    expect(validateTripForm(filled({ note: 'x'.repeat(301) }), 'create', t, NOW).note).toBe(
      'Additional note cannot exceed 300 characters',
    )
  })

  it('needs a cost between 1 and 100000 only when the vehicle is booked', () => {
    expect(validateTripForm(filled(), 'create', t, NOW)).toEqual({})
    const booked = filled({ isVehicleBooked: true })
    expect(validateTripForm(booked, 'create', t, NOW).estimatedCost).toBe('Please add estimated cost')
    for (const outOfRange of ['-1', '0', '100001', '150000']) {
      expect(validateTripForm({ ...booked, estimatedCost: outOfRange }, 'create', t, NOW).estimatedCost).toBe(
        'Estimated cost should be between 1 and 100000',
      )
    }
    expect(validateTripForm({ ...booked, estimatedCost: '1250.5' }, 'create', t, NOW)).toEqual({})
  })

  it('resets the booking and its cost when undecided is picked, and the cost when booking changes', () => {
    const booked = filled({ isVehicleBooked: true, estimatedCost: '800' })
    expect(withMode(booked, MODES.undecided)).toMatchObject({ mode: MODES.undecided, isVehicleBooked: false, estimatedCost: '' })
    expect(withMode(booked, MODES.auto)).toMatchObject({ mode: MODES.auto, isVehicleBooked: true, estimatedCost: '800' })
    expect(withVehicleBooked(booked, false).estimatedCost).toBe('')
    expect(withVehicleBooked(booked, true).estimatedCost).toBe('800')
  })

  it('sends the India time, the places and no cost unless booked', () => {
    expect(createPayload(filled({ note: '  Gate 2 ', estimatedCost: '500' }))).toEqual({
      origin: KORAMANGALA,
      destination: WHITEFIELD,
      time_of_trip: '2026-04-01 12:00',
      total_passengers: 2,
      preferred_mode_of_transport: MODES.cab,
      is_vehicle_booked: false,
      estimated_cost: 0,
      additional_note: 'Gate 2',
      max_detour_minutes: 10,
    })
  })

  it('asks how far the host goes out of their way, 10 minutes unless chosen, also for a commute', () => {
    expect(newTripForm(NOW).maxDetourMinutes).toBe(10)
    expect(createPayload(filled({ maxDetourMinutes: 0 })).max_detour_minutes).toBe(0)
    expect(commutePayload(filled({ repeatOn: [1], maxDetourMinutes: 20 })).max_detour_minutes).toBe(20)
  })
})

describe('edit trip form', () => {
  it('starts from the trip as it is and sends nothing when nothing changed', () => {
    const values = tripFormFrom(trip)
    expect(values).toMatchObject({ date: '2026-04-02', time: '09:30', estimatedCost: '900', note: 'Gate 2' })
    expect(editChanges(trip, values)).toEqual({})
  })

  it("starts from the trip's detour and sends it only when changed", () => {
    const withDetour = { ...trip, max_detour_minutes: 5 } as Trip
    expect(tripFormFrom(withDetour).maxDetourMinutes).toBe(5)
    expect(editChanges(withDetour, tripFormFrom(withDetour))).toEqual({})
    expect(editChanges(withDetour, { ...tripFormFrom(withDetour), maxDetourMinutes: 30 })).toEqual({
      max_detour_minutes: 30,
    })
  })

  it('sends only the fields that changed', () => {
    const values = { ...tripFormFrom(trip), time: '10:15', totalPassengers: 4 }
    expect(editChanges(trip, values)).toEqual({ time_of_trip: '2026-04-02 10:15', total_passengers: 4 })
  })

  it('sends the booking and the cleared cost together when the mode becomes undecided', () => {
    expect(editChanges(trip, withMode(tripFormFrom(trip), MODES.undecided))).toEqual({
      preferred_mode_of_transport: MODES.undecided,
      is_vehicle_booked: false,
      estimated_cost: 0,
    })
  })
})

describe('repeating a new trip', () => {
  it('toggles weekdays in order and sends the time of day with them instead of a date', () => {
    let values = filled({ time: '08:30' })
    values = withRepeatDay(withRepeatDay(withRepeatDay(values, 5), 1), 3)
    expect(values.repeatOn).toEqual([1, 3, 5])
    expect(withRepeatDay(values, 3).repeatOn).toEqual([1, 5])
    const body = commutePayload(values)
    expect(body).toMatchObject({ time: '08:30', days: [1, 3, 5], origin: KORAMANGALA, destination: WHITEFIELD })
    expect(body).not.toHaveProperty('time_of_trip')
  })

  it('needs no date when repeating', () => {
    const errors = validateTripForm(filled({ date: '', repeatOn: [2] }), 'create', t, NOW)
    expect(errors.date).toBeUndefined()
  })
})
