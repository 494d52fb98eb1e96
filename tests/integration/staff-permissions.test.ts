import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor } from '~/api/admin/actor'
import { auditLog } from '~/db/schema'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  STAFF_ONLY_PERMISSIONS,
  STAFF_PERMISSIONS,
  type BuiltInRole,
  type StaffPermission,
} from '~/domain/staff-permissions'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { Clock } from './support/clock'
import { SITE, StaffHarness, type Enrolled, type StaffCall } from './support/staff'

/**
 * The role × operation matrix of issue 31, generated from the admin API's own OpenAPI document: every operation that
 * names permissions (`x-permissions`) is called by a member of staff of every built-in role and by an API key of
 * every built-in role. A role without the permissions gets 403 and nothing happens (no audit entry); a role with them
 * is not refused. Every write (and every step-up operation) is then made for real by the owner, and its audit entry,
 * with the answer's request id, is checked.
 */

type Operation = {
  method: string
  path: string
  operationId: string
  permissions: StaffPermission[]
  stepUp: boolean
}

const BASE = '/api/admin/{storeKey}'
const SYSTEM = { actor: systemActor('test', STAFF_PERMISSIONS), ip: null, requestId: null }

let database: Awaited<ReturnType<typeof freshDatabase>>
let api: ApiApp
let h: StaffHarness
const clock = new Clock(Date.UTC(2031, 5, 1, 9, 0, 0))
const members = new Map<BuiltInRole, { staff: Enrolled; cookie: string; key: string }>()
const operations: Operation[] = []

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
  api = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: SITE },
    accounts: { now: clock.now },
    admin: { now: clock.now },
  })
  h = new StaffHarness(api, database.db, clock)
  for (const role of BUILT_IN_ROLES) {
    const staff = await h.enrol(role)
    const cookie = await h.signIn(staff)
    const { key } = await api.admin.services.apiKeys.create({ name: `${role} key`, roleId: role }, SYSTEM)
    members.set(role, { staff, cookie, key })
  }
  const document = api.admin.openApiDocument()
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
      const operation = item[method] as
        { operationId?: string; 'x-permissions'?: StaffPermission[]; 'x-step-up'?: boolean } | undefined
      if (!operation?.['x-permissions']?.length) continue
      operations.push({
        method: method.toUpperCase(),
        path: path.slice(BASE.length),
        operationId: operation.operationId ?? '',
        permissions: operation['x-permissions'],
        stepUp: operation['x-step-up'] === true,
      })
    }
  }
})

afterAll(async () => {
  await database?.close()
})

async function auditCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(auditLog)
  return row?.count ?? 0
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** A request to an operation as it stands, with unknown ids: enough to be refused or let through by the guard. */
function probe(operation: Operation): string {
  return operation.path.replace('{id}', operation.path.startsWith('/roles') ? 'no_such_role' : UNKNOWN_ID)
}

/** An empty body for a write: a guard refuses before the body is read. */
function bodyOf(operation: Operation): StaffCall {
  return operation.method === 'GET' ? {} : { body: {} }
}

async function stepUpAll(): Promise<void> {
  for (const { staff, cookie } of members.values()) await h.stepUp(staff, cookie)
}

describe('the role × operation matrix (from the OpenAPI document)', () => {
  it('finds the guarded operations in the document', () => {
    expect(operations.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['staffInviteCreate', 'staffUpdate', 'apiKeyCreate', 'auditList', 'auditExport']),
    )
  })

  for (const role of BUILT_IN_ROLES) {
    it(`staff of the role ${role}: refused where the role lacks a permission, let through where it has them`, async () => {
      await stepUpAll()
      const { cookie } = members.get(role) ?? { cookie: '' }
      const held = new Set(BUILT_IN_ROLE_PERMISSIONS[role])
      for (const operation of operations) {
        const granted = operation.permissions.every((permission) => held.has(permission))
        const before = await auditCount()
        const reply = await h.call(operation.method, probe(operation), { cookie, ...bodyOf(operation) })
        const where = `${role} ${operation.method} ${operation.path}: ${reply.text.slice(0, 200)}`
        if (granted) {
          expect(reply.status, where).not.toBe(403)
        } else {
          expect(reply.status, where).toBe(403)
          expect(reply.body.reason, where).toBe('PERMISSION_DENIED')
          expect(await auditCount(), where).toBe(before)
        }
      }
    })

    it(`an API key of the role ${role}: never staff:manage or keys:manage`, async () => {
      const { key } = members.get(role) ?? { key: '' }
      const held = new Set(BUILT_IN_ROLE_PERMISSIONS[role])
      for (const operation of operations) {
        const staffOnly = operation.permissions.some((permission) => STAFF_ONLY_PERMISSIONS.has(permission))
        const granted = !staffOnly && operation.permissions.every((permission) => held.has(permission))
        const reply = await h.call(operation.method, probe(operation), { bearer: key, ...bodyOf(operation) })
        const where = `${role} key ${operation.method} ${operation.path}: ${reply.text.slice(0, 200)}`
        if (granted) expect(reply.status, where).not.toBe(403)
        else expect(reply.status, where).toBe(403)
      }
    })
  }
})

/** A real call of each write (and step-up) operation: its path and body, made ready by what it needs first. */
const EXAMPLES: Record<string, () => Promise<{ path: string; body?: unknown; action: string }>> = {
  staffInviteCreate: async () => ({
    path: '/invites',
    body: { email: `invited.${h.next()}@staff.example`, role_id: 'read_only', send: false },
    action: 'invite.create',
  }),
  staffUpdate: async () => {
    const victim = await h.enrol('read_only', 'victim')
    return { path: `/staff/${victim.id}`, body: { role_id: 'warehouse' }, action: 'staff.update' }
  },
  staffRoleCreate: async () => ({
    path: '/roles',
    body: { id: `role_${h.next()}`, name: 'Packers', permissions: ['orders:read', 'fulfilment:write'] },
    action: 'role.create',
  }),
  staffRoleUpdate: async () => {
    const role = await api.admin.services.roles.create({ id: `role_${h.next()}`, name: 'A', permissions: [] }, SYSTEM)
    return { path: `/roles/${role.id}`, body: { name: 'B', permissions: ['orders:read'] }, action: 'role.update' }
  },
  staffRoleDelete: async () => {
    const role = await api.admin.services.roles.create({ id: `role_${h.next()}`, name: 'A', permissions: [] }, SYSTEM)
    return { path: `/roles/${role.id}`, action: 'role.delete' }
  },
  staffSessionRevoke: async () => {
    const victim = await h.enrol('read_only', 'session')
    await h.signIn(victim)
    const [session] = await api.admin.services.sessions.list(victim.id, null)
    return { path: `/staff-sessions/${session?.id ?? UNKNOWN_ID}`, action: 'session.revoke' }
  },
  apiKeyCreate: async () => ({
    path: '/api-keys',
    body: { name: 'ERP', role_id: 'manager', days: 30 },
    action: 'api_key.create',
  }),
  apiKeyRevoke: async () => {
    const key = await api.admin.services.apiKeys.create({ name: 'Old', roleId: 'read_only' }, SYSTEM)
    return { path: `/api-keys/${key.id}`, action: 'api_key.revoke' }
  },
  auditExport: async () => ({ path: '/audit/export', action: 'audit.export' }),
}

describe('every write is audited (from the OpenAPI document)', () => {
  it('has an example for every write and step-up operation', () => {
    const writes = operations.filter((operation) => operation.method !== 'GET' || operation.stepUp)
    expect(writes.map((operation) => operation.operationId).sort()).toEqual(Object.keys(EXAMPLES).sort())
  })

  it('records each, with who, what, the entity, the IP and the request id', async () => {
    const owner = members.get('owner')
    if (!owner) throw new Error('no owner')
    for (const operation of operations.filter((candidate) => candidate.method !== 'GET' || candidate.stepUp)) {
      const example = await EXAMPLES[operation.operationId]?.()
      if (!example) throw new Error(`no example for ${operation.operationId}`)
      await h.stepUp(owner.staff, owner.cookie)
      const ip = h.ip()
      const call: StaffCall = {
        cookie: owner.cookie,
        ip,
        ...(example.body === undefined ? {} : { body: example.body }),
      }
      const reply = await h.call(operation.method, example.path, call)
      expect(reply.status, `${operation.operationId}: ${reply.text.slice(0, 300)}`).toBeLessThan(300)
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .orderBy(sql`${auditLog.id} DESC`)
        .limit(1)
      expect(entry, operation.operationId).toMatchObject({
        action: example.action,
        actorType: 'staff',
        actorId: owner.staff.id,
        actorLabel: owner.staff.email,
        ip,
        requestId: reply.headers.get('x-request-id'),
      })
    }
  })
})
