import { describe, expect, it } from 'vitest'
import { aroundWindow } from './around-trips'

const india = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`)

describe('Trips Around You window', () => {
  it('covers the rest of today before the configured time of day', () => {
    expect(aroundWindow('20:00', india('2026-04-01', '09:15'))).toEqual({
      date: '2026-04-01',
      start_time: '09:15',
      end_time: '23:59',
    })
  })

  it('covers all of tomorrow from the configured time of day', () => {
    expect(aroundWindow('20:00', india('2026-04-30', '20:00'))).toEqual({
      date: '2026-05-01',
      start_time: '00:00',
      end_time: '23:59',
    })
  })
})
