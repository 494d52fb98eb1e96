import { describe, expect, it } from 'vitest'
import {
  apiKeyPermissions,
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  formatApiKey,
  grantsAll,
  isStaffPermission,
  needsStepUp,
  normalisePermissions,
  parseApiKey,
  STAFF_PERMISSIONS,
  STEP_UP_PERMISSIONS,
} from './staff-permissions'

describe('staff permissions', () => {
  it('are area:action strings, each once', () => {
    expect(new Set(STAFF_PERMISSIONS).size).toBe(STAFF_PERMISSIONS.length)
    for (const permission of STAFF_PERMISSIONS) expect(permission).toMatch(/^[a-z]+:[a-z]+$/)
    expect(isStaffPermission('orders:read')).toBe(true)
    expect(isStaffPermission('orders:delete')).toBe(false)
  })

  it('ask for step-up for money, permission, key and export actions', () => {
    expect([...STEP_UP_PERMISSIONS].sort()).toEqual([
      'exports:run',
      'keys:manage',
      'payments:confirm',
      'payments:refund',
      'staff:manage',
    ])
    expect(needsStepUp(['orders:write'])).toBe(false)
    expect(needsStepUp(['orders:read', 'payments:refund'])).toBe(true)
  })

  it('give the owner everything and every other built-in role less, within the list', () => {
    expect(BUILT_IN_ROLE_PERMISSIONS.owner).toEqual(STAFF_PERMISSIONS)
    for (const role of BUILT_IN_ROLES) {
      expect(normalisePermissions(BUILT_IN_ROLE_PERMISSIONS[role])).toEqual(BUILT_IN_ROLE_PERMISSIONS[role])
      if (role !== 'owner') expect(BUILT_IN_ROLE_PERMISSIONS[role]).not.toContain('staff:manage')
    }
    expect(BUILT_IN_ROLE_PERMISSIONS.manager).not.toContain('keys:manage')
    expect(BUILT_IN_ROLE_PERMISSIONS.read_only.every((permission) => permission.endsWith(':read'))).toBe(true)
  })

  it('normalise a set: known ones, in order, once', () => {
    expect(normalisePermissions(['members:read', 'orders:read', 'nope', 'orders:read'])).toEqual([
      'orders:read',
      'members:read',
    ])
    expect(grantsAll(['orders:read', 'orders:write'], ['orders:write'])).toBe(true)
    expect(grantsAll(['orders:read'], ['orders:read', 'orders:write'])).toBe(false)
  })

  it('never let an API key manage staff or keys', () => {
    expect(apiKeyPermissions(BUILT_IN_ROLE_PERMISSIONS.owner)).not.toContain('staff:manage')
    expect(apiKeyPermissions(BUILT_IN_ROLE_PERMISSIONS.owner)).not.toContain('keys:manage')
    expect(apiKeyPermissions(BUILT_IN_ROLE_PERMISSIONS.owner)).toContain('payments:refund')
  })
})

describe('API keys', () => {
  const secret = 'A'.repeat(42) + '_'
  it('read sk_<id>_<secret> and nothing else', () => {
    const key = formatApiKey('abc123def456', secret)
    expect(key).toBe(`sk_abc123def456_${secret}`)
    expect(parseApiKey(key)).toEqual({ keyId: 'abc123def456', secret })
    expect(parseApiKey(`sk_ABC123def456_${secret}`)).toBeNull()
    expect(parseApiKey(`sk_abc123def456_${secret}x`)).toBeNull()
    expect(parseApiKey(`pk_abc123def456_${secret}`)).toBeNull()
    expect(parseApiKey('')).toBeNull()
  })
})
