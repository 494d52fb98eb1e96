import { describe, expect, it } from 'vitest'
import { addDays, bangkokDay, bangkokDayStart } from './shop-events'

describe('the shop’s day (Asia/Bangkok, UTC+7)', () => {
  it('starts at 17:00 UTC the day before', () => {
    expect(bangkokDay(new Date('2026-11-27T16:59:59Z'))).toBe('2026-11-27')
    expect(bangkokDay(new Date('2026-11-27T17:00:00Z'))).toBe('2026-11-28')
    expect(bangkokDayStart('2026-11-28').toISOString()).toBe('2026-11-27T17:00:00.000Z')
  })

  it('counts days across months and years', () => {
    expect(addDays('2026-11-28', -29)).toBe('2026-10-30')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
  })
})
