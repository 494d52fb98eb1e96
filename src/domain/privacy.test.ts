import { describe, expect, it } from 'vitest'
import { compareRequests, daysLeft, privacyDueAt, PRIVACY_REQUEST_DUE_DAYS } from './privacy'

const at = (iso: string) => new Date(iso)

describe('privacy requests (issue 33 item 2)', () => {
  it('are due 30 days after they arrived', () => {
    expect(PRIVACY_REQUEST_DUE_DAYS).toBe(30)
    expect(privacyDueAt(at('2026-11-01T03:00:00Z')).toISOString()).toBe('2026-12-01T03:00:00.000Z')
  })

  it('count whole days left, negative once overdue', () => {
    const due = at('2026-12-01T00:00:00Z')
    expect(daysLeft(due, at('2026-11-28T12:00:00Z'))).toBe(2)
    expect(daysLeft(due, at('2026-11-30T23:00:00Z'))).toBe(0)
    expect(daysLeft(due, at('2026-12-03T01:00:00Z'))).toBe(-3)
  })

  it('list open ones first, the most overdue first, then the answered, newest first', () => {
    const request = (id: string, status: 'received' | 'done', due: string, received: string) => ({
      id,
      status,
      dueAt: at(due),
      receivedAt: at(received),
    })
    const rows = [
      request('answered-old', 'done', '2026-10-01T00:00:00Z', '2026-09-01T00:00:00Z'),
      request('open-later', 'received', '2026-12-20T00:00:00Z', '2026-11-20T00:00:00Z'),
      request('answered-new', 'done', '2026-12-10T00:00:00Z', '2026-11-10T00:00:00Z'),
      request('overdue', 'received', '2026-11-01T00:00:00Z', '2026-10-02T00:00:00Z'),
    ]
    expect(rows.sort(compareRequests).map((row) => row.id)).toEqual([
      'overdue',
      'open-later',
      'answered-new',
      'answered-old',
    ])
  })
})
