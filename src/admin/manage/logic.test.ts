import { describe, expect, it } from 'vitest'
import { API_KEY_MAX_DAYS, STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import { auditQueryOf, auditSearchSchema } from '../search'
import { keyDays } from './ApiKeysScreen'
import { mayGrant, permissionAreas, PERMISSION_AREA_LABELS, PERMISSION_LABELS, roleName } from './labels'
import { roleFormProblem } from './RolesScreen'

describe('the staff screens’ rules', () => {
  it('offers a role only to someone holding every one of its permissions', () => {
    const me = { permissions: ['orders:read', 'stock:write'] as const }
    expect(mayGrant({ permissions: [...me.permissions] }, { permissions: ['orders:read'] })).toBe(true)
    expect(mayGrant({ permissions: [...me.permissions] }, { permissions: ['orders:read', 'staff:manage'] })).toBe(false)
    expect(mayGrant(null, { permissions: ['orders:read'] })).toBe(false)
    expect(mayGrant(null, { permissions: [] })).toBe(true)
  })

  it('groups every permission once, by area, each with its label', () => {
    const areas = permissionAreas()
    expect(areas.flatMap((area) => area.permissions)).toEqual([...STAFF_PERMISSIONS])
    for (const { area, permissions } of areas) {
      expect(PERMISSION_AREA_LABELS[area], area).toBeDefined()
      for (const permission of permissions) expect(permission.startsWith(`${area}:`)).toBe(true)
    }
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...STAFF_PERMISSIONS].sort())
  })

  it('names a built-in role in the screen’s language and a custom one as it was named', () => {
    expect(roleName(undefined, 'customer_service', 'th')).toBe('ฝ่ายบริการลูกค้า')
    expect(roleName(undefined, 'customer_service', 'en')).toBe('Customer service')
    expect(roleName({ id: 'night', name: 'Night shift' }, 'night', 'th')).toBe('Night shift')
    expect(roleName(undefined, 'gone', 'en')).toBe('gone')
  })

  it('takes a key’s days from 1 to the maximum, whole', () => {
    expect(keyDays('30')).toBe(30)
    expect(keyDays(' 1 ')).toBe(1)
    expect(keyDays(String(API_KEY_MAX_DAYS))).toBe(API_KEY_MAX_DAYS)
    for (const bad of ['0', String(API_KEY_MAX_DAYS + 1), '1.5', '-3', 'ten', '', '1e2'])
      expect(keyDays(bad), bad).toBeNull()
  })

  it('checks a custom role’s id and name before asking the API', () => {
    expect(roleFormProblem({ id: 'night_shift', name: 'Night shift' }, true)).toBeNull()
    expect(roleFormProblem({ id: 'owner', name: 'Owner again' }, true)).toBe('id')
    expect(roleFormProblem({ id: 'Night', name: 'x' }, true)).toBe('id')
    expect(roleFormProblem({ id: 'n', name: 'x' }, true)).toBe('id')
    expect(roleFormProblem({ id: 'night', name: '   ' }, true)).toBe('name')
    expect(roleFormProblem({ id: 'night', name: 'x'.repeat(61) }, true)).toBe('name')
    // An edit does not change the id.
    expect(roleFormProblem({ id: '', name: 'Night' }, false)).toBeNull()
  })
})

describe('auditSearchSchema (the audit log in the URL)', () => {
  it('keeps the filters it knows, trimmed, and drops the rest', () => {
    expect(
      auditSearchSchema.parse({
        actorType: 'staff',
        actor: ' 7e14 ',
        action: 'staff.update',
        entity: 'staff',
        entityId: 'abc',
        from: '2026-11-01',
        to: '2026-11-27',
        cursor: '40',
        extra: 'x',
      }),
    ).toEqual({
      actorType: 'staff',
      actor: '7e14',
      action: 'staff.update',
      entity: 'staff',
      entityId: 'abc',
      from: '2026-11-01',
      to: '2026-11-27',
      cursor: 40,
    })
  })

  it.each([
    ['actorType', 'robot'],
    ['action', 'x'.repeat(101)],
    ['from', '2026-13-01'],
    ['from', '2026-02-30'],
    ['to', 'yesterday'],
    ['cursor', '0'],
    ['cursor', 'abc'],
    ['cursor', '1.5'],
  ])('drops a bad %s (%s) instead of failing', (name, value) => {
    expect(auditSearchSchema.parse({ [name]: value })).toEqual(auditSearchSchema.parse({}))
  })

  it('asks the API for whole days in the shop’s time, the `to` day included', () => {
    expect(
      auditQueryOf(auditSearchSchema.parse({ from: '2026-11-01', to: '2026-11-27', actor: 'a', cursor: 5 })),
    ).toEqual({
      actor_type: undefined,
      actor_id: 'a',
      action: undefined,
      entity_type: undefined,
      entity_id: undefined,
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-11-27T23:59:59.999+07:00',
      cursor: 5,
    })
  })
})
