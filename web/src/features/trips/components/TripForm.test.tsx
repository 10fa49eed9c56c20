import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { newTripForm } from '../model/trip-form'
import { TripForm } from './TripForm'

const KORAMANGALA = { name: 'Koramangala', place_id: 'in-560034', latitude: 12.93, longitude: 77.62 }
const WHITEFIELD = { name: 'Whitefield', place_id: 'in-560066', latitude: 12.97, longitude: 77.75 }

function renderForm(purpose: 'create' | 'edit') {
  const onSubmit = vi.fn()
  const initial = { ...newTripForm(), origin: KORAMANGALA, destination: WHITEFIELD, isVehicleBooked: true }
  render(<TripForm initial={initial} purpose={purpose} submitLabel="Save" submitting={false} onSubmit={onSubmit} />)
  return onSubmit
}

describe('trip form estimated cost', () => {
  it.each([
    ['create', '-1'],
    ['create', '0'],
    ['create', '150000'],
    ['edit', '150000'],
  ] as const)('on %s, a cost of %s shows the range, not "Please add estimated cost"', (purpose, cost) => {
    const onSubmit = renderForm(purpose)
    fireEvent.change(screen.getByLabelText('Estimated cost (₹)'), { target: { value: cost } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Estimated cost should be between 1 and 100000')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('asks for a cost when none is typed, and sends one in range', () => {
    const onSubmit = renderForm('create')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please add estimated cost')
    fireEvent.change(screen.getByLabelText('Estimated cost (₹)'), { target: { value: '1200' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledOnce()
  })
})

describe('trip form detour', () => {
  it('asks how far the host will go out of their way, 10 minutes first, 0 for the ends only', () => {
    const onSubmit = renderForm('create')
    const select = screen.getByRole('combobox', { name: 'How far will you go out of your way?' })
    expect(select).toHaveValue('10')
    expect(screen.getByRole('option', { name: 'Only riders at my start and end' })).toHaveValue('0')
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      '0',
      '5',
      '10',
      '15',
      '20',
      '30',
    ])
    fireEvent.change(select, { target: { value: '0' } })
    expect(select).toHaveAccessibleDescription('Only riders starting and ending near you can find this trip.')
    fireEvent.change(screen.getByLabelText('Estimated cost (₹)'), { target: { value: '1200' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ maxDetourMinutes: 0 }))
  })

  it("shows an edited trip's own detour", () => {
    const initial = { ...newTripForm(), origin: KORAMANGALA, destination: WHITEFIELD, maxDetourMinutes: 20 }
    render(<TripForm initial={initial} purpose="edit" submitLabel="Save" submitting={false} onSubmit={vi.fn()} />)
    expect(screen.getByRole('combobox', { name: 'How far will you go out of your way?' })).toHaveValue('20')
  })
})
