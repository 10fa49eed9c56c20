/** India has one zone and no daylight saving: UTC+05:30. Trip times are written and compared in it. */
const INDIA_OFFSET_MS = 330 * 60_000

const pad = (value: number) => String(value).padStart(2, '0')

export type WallTime = { date: string; time: string }

/** The India wall-clock date ("YYYY-MM-DD") and time ("HH:MM") of an instant. */
export function indiaWallTime(instant: number = Date.now()): WallTime {
  const shifted = new Date(instant + INDIA_OFFSET_MS)
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  }
}

/** Wall times sort as text: "2026-05-14 09:05" < "2026-05-14 10:00". */
export const wallText = ({ date, time }: WallTime): string => `${date} ${time}`

/** The day after an India date. */
export function nextIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  const next = new Date(Date.UTC(year, month - 1, day + 1))
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}
