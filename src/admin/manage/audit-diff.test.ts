import { describe, expect, it } from 'vitest'
import { auditChanges } from './audit-diff'

describe('auditChanges (an audit entry made readable)', () => {
  it('lists only the fields that changed, with both sides', () => {
    expect(
      auditChanges(
        { role_id: 'warehouse', disabled: false, name: 'Nok' },
        { role_id: 'manager', disabled: false, name: 'Nok' },
      ),
    ).toEqual([{ path: 'role_id', before: 'warehouse', after: 'manager' }])
  })

  it('shows a made entity as fields added and a deleted one as fields removed', () => {
    expect(auditChanges(null, { name: 'Till', days: 30 })).toEqual([
      { path: 'name', before: null, after: 'Till' },
      { path: 'days', before: null, after: '30' },
    ])
    expect(auditChanges({ id: 'night' }, null)).toEqual([{ path: 'id', before: 'night', after: null }])
  })

  it('follows nested objects by dotted paths and compares arrays whole', () => {
    expect(
      auditChanges(
        { permissions: ['orders:read'], limits: { days: 30, role: 'x' } },
        { permissions: ['orders:read', 'stock:write'], limits: { days: 60, role: 'x' } },
      ),
    ).toEqual([
      { path: 'permissions', before: '["orders:read"]', after: '["orders:read","stock:write"]' },
      { path: 'limits.days', before: '30', after: '60' },
    ])
  })

  it('says nothing for an entry with neither side, and shows a plain value as it is', () => {
    expect(auditChanges(null, null)).toEqual([])
    expect(auditChanges(null, 'revoked')).toEqual([{ path: '', before: null, after: 'revoked' }])
  })
})
