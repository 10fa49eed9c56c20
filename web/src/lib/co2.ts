import { LIMITS } from '@/generated/rules'

/** One tree is counted for every 50 kg of CO2 avoided. */
export const treesPlanted = (kgCo2: number): number => Math.floor(kgCo2 / LIMITS.KG_CO2_PER_TREE)

/** How far the person is towards their next tree: the kg beyond the last whole tree, and the share of 50 kg. */
export function towardsNextTree(kgCo2: number): { kg: number; share: number } {
  const kg = Math.max(0, kgCo2 - treesPlanted(kgCo2) * LIMITS.KG_CO2_PER_TREE)
  return { kg, share: kg / LIMITS.KG_CO2_PER_TREE }
}

/** "12" or "12.5": whole kg without decimals, else one. */
export const formatKg = (kg: number): string => (Number.isInteger(kg) ? String(kg) : kg.toFixed(1))
