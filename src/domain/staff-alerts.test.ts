import { describe, expect, it } from 'vitest'
import { BUILT_IN_ROLE_PERMISSIONS } from './staff-permissions'
import { allowedAlertKinds, parseLinkCode } from './staff-alerts'

describe('parseLinkCode', () => {
  it('reads a code as sent from a phone: with or without LINK-, any case, spaces or dashes', () => {
    for (const text of ['LINK-7KQ2M9XP', 'link-7kq2m9xp', ' 7KQ2 M9XP ', 'Link 7kq2-m9xp']) {
      expect(parseLinkCode(text), text).toBe('7KQ2M9XP')
    }
  })

  it('refuses what is not a code: another length, letters it never uses (0, O, 1, I, L), a chat message', () => {
    for (const text of [
      'LINK-7KQ2M9X',
      'LINK-7KQ2M9XPP',
      'LINK-7KQ2M90P',
      'LINK-7KQ2MOXP',
      'LINK-7KQ2M1XP',
      'สวัสดีค่ะ',
      '',
    ]) {
      expect(parseLinkCode(text), text).toBeNull()
    }
  })
})

describe('allowedAlertKinds', () => {
  it('offers each role only the alerts of the work it may do', () => {
    expect(allowedAlertKinds(BUILT_IN_ROLE_PERMISSIONS.warehouse)).toEqual(['ship_late', 'low_stock'])
    expect(allowedAlertKinds(BUILT_IN_ROLE_PERMISSIONS.customer_service)).toEqual(['slip_review', 'return_requested'])
    expect(allowedAlertKinds(BUILT_IN_ROLE_PERMISSIONS.owner)).toEqual([
      'slip_review',
      'ship_late',
      'return_requested',
      'low_stock',
    ])
    expect(allowedAlertKinds(BUILT_IN_ROLE_PERMISSIONS.read_only)).toEqual([])
  })
})
