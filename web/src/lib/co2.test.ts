import { describe, expect, it } from 'vitest'
import { formatKg, towardsNextTree, treesPlanted } from './co2'

describe('CO2 saved', () => {
  it('plants one tree per whole 50 kg and measures the way to the next', () => {
    expect(treesPlanted(49.9)).toBe(0)
    expect(treesPlanted(120)).toBe(2)
    expect(towardsNextTree(120)).toEqual({ kg: 20, share: 0.4 })
    expect(towardsNextTree(0)).toEqual({ kg: 0, share: 0 })
    expect(formatKg(12)).toBe('12')
    expect(formatKg(1.73)).toBe('1.7')
  })
})
