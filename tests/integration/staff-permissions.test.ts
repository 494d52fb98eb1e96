import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor } from '~/api/admin/actor'
import { auditLog, orders } from '~/db/schema'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  STAFF_ONLY_PERMISSIONS,
  STAFF_PERMISSIONS,
  type BuiltInRole,
  type StaffPermission,
} from '~/domain/staff-permissions'
import { thaiAddress } from './support/address'
import { Clock } from './support/clock'
import { type StaffHarness, staffSuite, type Enrolled, type StaffCall, type StaffSuite } from './support/staff'

/**
 * The role × operation matrix of issue 31, generated from the admin API's own OpenAPI document: every operation that
 * names permissions (`x-permissions`) is called by a member of staff of every built-in role and by an API key of
 * every built-in role. A role without the permissions gets 403 and nothing happens (no audit entry); a role with them
 * is not refused. Every write (and every step-up operation) is then made for real by the owner, and its audit entry,
 * with the answer's request id, is checked. Every other operation of the document needs no permission, each named in
 * NO_PERMISSION with the reason, and is called by staff and a key of a role without any: an operation the document
 * gains is in neither list, and the matrix fails until it is put in one.
 */

type Operation = {
  method: string
  path: string
  operationId: string
  permissions: StaffPermission[]
  stepUp: boolean
  /** Who the document says may call it: anyone, an invitation's holder, staff sessions only, or staff and keys. */
  caller: 'anyone' | 'invite' | 'session' | 'signed_in'
}

/** The operations that name no permission, and why none is needed. */
const NO_PERMISSION: Record<string, string> = {
  getAdminOpenApiDocument: 'the document itself, open to anyone',
  staffSignIn: 'sign-in: there is no caller yet',
  staffSignInCode: 'sign-in: there is no caller yet',
  staffSignInTotp: 'sign-in: there is no caller yet',
  staffSignInRecoveryCode: 'sign-in: there is no caller yet',
  staffSignInPasskeyOptions: 'sign-in: there is no caller yet',
  staffSignInPasskey: 'sign-in: there is no caller yet',
  staffInviteRead: 'the invitation: its token is the right to it',
  staffInviteAccept: 'the invitation: its token is the right to it',
  staffInviteTotpStart: 'the invitation: its token is the right to it',
  staffInviteTotpConfirm: 'the invitation: its token is the right to it',
  staffInvitePasskeyOptions: 'the invitation: its token is the right to it',
  staffInvitePasskey: 'the invitation: its token is the right to it',
  staffStepUpTotp: 'step-up: the caller’s own second factor, any signed-in staff',
  staffStepUpRecoveryCode: 'step-up: the caller’s own second factor, any signed-in staff',
  staffStepUpPasskeyOptions: 'step-up: the caller’s own second factor, any signed-in staff',
  staffStepUpPasskey: 'step-up: the caller’s own second factor, any signed-in staff',
  staffMe: 'who the caller is, for any signed-in staff',
  staffOwnSessions: 'the caller’s own sessions',
  staffOwnSessionRevoke: 'the caller’s own sessions',
  staffSignOut: 'ending the caller’s own session',
  staffRoles: 'the roles’ names and permissions, which every screen of the back office shows',
}

const BASE = '/api/admin/{storeKey}'
const SYSTEM = { actor: systemActor('test', STAFF_PERMISSIONS), ip: null, requestId: null }

let database: StaffSuite['database']
let api: StaffSuite['api']
let h: StaffHarness
const clock = new Clock(Date.UTC(2031, 5, 1, 9, 0, 0))
const members = new Map<BuiltInRole, { staff: Enrolled; cookie: string; key: string }>()
/** Every operation of the document. */
const everyOperation: Operation[] = []
/** The operations that name permissions (`x-permissions`). */
const operations: Operation[] = []

function callerOf(security: Array<Record<string, string[]>> | undefined): Operation['caller'] {
  const schemes = (security ?? []).flatMap((requirement) => Object.keys(requirement))
  if (schemes.length === 0) return 'anyone'
  if (schemes.includes('inviteToken')) return 'invite'
  return schemes.includes('apiKey') ? 'signed_in' : 'session'
}

beforeAll(async () => {
  ;({ database, api, h } = await staffSuite(clock))
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
        | {
            operationId?: string
            security?: Array<Record<string, string[]>>
            'x-permissions'?: StaffPermission[]
            'x-step-up'?: boolean
          }
        | undefined
      if (!operation) continue
      everyOperation.push({
        method: method.toUpperCase(),
        path: path.slice(BASE.length),
        operationId: operation.operationId ?? '',
        permissions: operation['x-permissions'] ?? [],
        stepUp: operation['x-step-up'] === true,
        caller: callerOf(operation.security),
      })
    }
  }
  operations.push(...everyOperation.filter((operation) => operation.permissions.length > 0))
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

  it('has every operation of the document: guarded by permissions, or in NO_PERMISSION with its reason', () => {
    const ids = everyOperation.map((operation) => operation.operationId)
    expect(new Set(ids).size, 'operation ids are unique').toBe(ids.length)
    expect(ids).not.toContain('')
    const unguarded = everyOperation.filter((operation) => operation.permissions.length === 0)
    // An operation the document gains must name its permissions or be listed here with why it needs none.
    expect(unguarded.map((operation) => operation.operationId).sort()).toEqual(Object.keys(NO_PERMISSION).sort())
    expect(operations.length + unguarded.length).toBe(everyOperation.length)
  })

  it('lets a role without any permission call each operation of NO_PERMISSION, as its caller', async () => {
    const role = await api.admin.services.roles.create({ id: 'no_permission', name: 'None', permissions: [] }, SYSTEM)
    const staff = await h.enrol(role.id, 'none')
    const cookie = await h.signIn(staff)
    const { key } = await api.admin.services.apiKeys.create({ name: 'No permission', roleId: role.id }, SYSTEM)
    const unguarded = everyOperation.filter((operation) => operation.permissions.length === 0)
    // Signing out ends the session the other calls are made with: last.
    unguarded.sort((a, b) => Number(a.operationId === 'staffSignOut') - Number(b.operationId === 'staffSignOut'))
    for (const operation of unguarded) {
      const where = (who: string, reply: { text: string }) =>
        `${who} ${operation.method} ${operation.path} (${NO_PERMISSION[operation.operationId]}): ${reply.text.slice(0, 200)}`
      if (operation.caller === 'anyone' || operation.caller === 'invite') {
        const reply = await h.call(operation.method, probe(operation), bodyOf(operation))
        expect([401, 403], where('nobody', reply)).not.toContain(reply.status)
        continue
      }
      const byKey = await h.call(operation.method, probe(operation), { bearer: key, ...bodyOf(operation) })
      if (operation.caller === 'session') {
        expect(byKey.status, where('key', byKey)).toBe(403)
        expect(byKey.body.reason, where('key', byKey)).toBe('STAFF_ONLY')
      } else {
        expect([401, 403], where('key', byKey)).not.toContain(byKey.status)
      }
      const byStaff = await h.call(operation.method, probe(operation), { cookie, ...bodyOf(operation) })
      expect([401, 403], where('staff', byStaff)).not.toContain(byStaff.status)
    }
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

/** An order to work on, awaiting a bank transfer (the suite's database has no catalog to place one from). */
async function anOrder(): Promise<string> {
  const number = `AS-TEST-${h.next()}`
  await database.db.insert(orders).values({
    number,
    cartId: randomUUID(),
    email: 'somsri@example.com',
    telephone: '+66812345678',
    status: 'awaiting_payment',
    currency: 'thb',
    subtotal: 0,
    discount: 0,
    shippingFee: 0,
    total: 0,
    vatIncluded: 0,
    shippingMethod: 'courier',
    address: {
      firstname: 'สมศรี',
      lastname: 'ทดสอบ',
      telephoneNumber: '+66812345678',
      email: 'somsri@example.com',
      taxId: '',
      address: '99/1 ถนนพหลโยธิน',
      address2: '',
      country: 'TH',
      postcode: '10900',
      subDistrict: 'ลาดยาว',
      district: 'จตุจักร',
      province: 'กรุงเทพมหานคร',
    },
    paymentMethod: 'bank_transfer',
    accessTokenHash: 'not-a-token',
  })
  return number
}

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
  adminOrderNoteCreate: async () => ({
    path: `/orders/${await anOrder()}/notes`,
    body: { body: 'Called the customer' },
    action: 'order.note',
  }),
  adminOrderCancel: async () => ({
    path: `/orders/${await anOrder()}/cancel`,
    body: { reason: 'Asked by the customer' },
    action: 'order.cancel',
  }),
  adminOrderAddressUpdate: async () => ({
    path: `/orders/${await anOrder()}/address`,
    body: { ...thaiAddress, address: '1 ถนนสุขุมวิท' },
    action: 'order.address',
  }),
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
