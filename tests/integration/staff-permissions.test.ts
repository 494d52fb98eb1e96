import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor } from '~/api/admin/actor'
import { insertContentPages } from '~/db/seed.server'
import { DENIAL_LINE_EVERY_SECONDS, denialAction } from '~/api/admin/audit.server'
import {
  auditLog,
  categories,
  members as memberRows,
  orderItems,
  orders,
  payments,
  products,
  returnReceipts,
  returnRequestItems,
  promotionCodes,
  returnRequests,
  stores,
  transferSlips,
  variants,
} from '~/db/schema'
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
import { SoftwareAuthenticator } from './support/passkey'
import {
  SITE,
  sessionCookieOf,
  type StaffHarness,
  staffSuite,
  totpCode,
  type Enrolled,
  type StaffCall,
  type StaffReply,
  type StaffSuite,
} from './support/staff'

/**
 * The role × operation matrix of issue 31, generated from the admin API's own OpenAPI document: every operation that
 * names permissions (`x-permissions`) is called by a member of staff of every built-in role and by an API key of
 * every built-in role. A role without the permissions gets 403, nothing happens and the denial is an audit entry of
 * its own (decision 179: who, `denied.<operation>`, the request, the IP and the request id); a role with them is not
 * refused. Every write (and every step-up operation) is then made for real by the owner, and its audit entry,
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
  staffRecoveryCodesRenew: 'the caller’s own recovery codes, after a step-up',
  staffSignOut: 'ending the caller’s own session',
  staffRoles: 'the roles’ names and permissions, which every screen of the back office shows',
  staffOwnAlerts: 'the caller’s own LINE alerts (only those the role allows can be chosen)',
  staffOwnAlertsChoose: 'the caller’s own LINE alerts (only those the role allows can be chosen)',
  staffOwnLineLinkCode: 'the caller’s own LINE alerts: linking their LINE account',
  staffOwnLineUnlink: 'the caller’s own LINE alerts: unlinking their LINE account',
  thailandPostWebhook: 'the carrier’s push: the secret in its address is the right to it (parcel-tracking.test.ts)',
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

/** The audit entries written since the log held `before` of them, oldest first. */
async function entriesSince(before: number) {
  const rows = await database.db.select().from(auditLog).orderBy(auditLog.id)
  return rows.slice(before)
}

/** A denied call left exactly one entry, the denial's: who, the operation, the request, the IP and the request id. */
async function expectDenialAudited(
  before: number,
  operation: Operation,
  actor: { type: 'staff' | 'api_key'; id: string },
  reply: { status: number; body: Record<string, unknown>; headers: Headers },
  ip: string,
  where: string,
) {
  const entries = await entriesSince(before)
  expect(entries, where).toHaveLength(1)
  expect(entries[0], where).toMatchObject({
    actorType: actor.type,
    actorId: actor.id,
    action: denialAction(operation.operationId),
    entityType: 'request',
    entityId: `${operation.method} ${probe(operation)}`,
    before: null,
    after: { reason: reply.body.reason, needs: operation.permissions, unloggedBefore: 0 },
    ip,
    requestId: reply.headers.get('x-request-id'),
  })
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** An order number no order has. */
const UNKNOWN_ORDER = 'AS0000-00000'

/** A request to an operation as it stands, with unknown ids: enough to be refused or let through by the guard. */
function probe(operation: Operation): string {
  return operation.path
    .replace('{id}', operation.path.startsWith('/roles') ? 'no_such_role' : UNKNOWN_ID)
    .replace('{number}', UNKNOWN_ORDER)
    .replace('{picture}', 'no-such-picture.jpg')
    .replace('{slug}', 'no-such-slug')
    .replace('{document}', 'home')
    .replace('{version}', '1')
    .replace('{kind}', 'sales-by-day')
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
    it(`staff of the role ${role}: refused and audited where the role lacks a permission, let through where it has them`, async () => {
      await stepUpAll()
      const { cookie, staff } = members.get(role) ?? { cookie: '', staff: { id: '' } }
      const held = new Set(BUILT_IN_ROLE_PERMISSIONS[role])
      for (const operation of operations) {
        const granted = operation.permissions.every((permission) => held.has(permission))
        const before = await auditCount()
        const ip = h.ip()
        const reply = await h.call(operation.method, probe(operation), { cookie, ip, ...bodyOf(operation) })
        const where = `${role} ${operation.method} ${operation.path}: ${reply.text.slice(0, 200)}`
        if (granted) {
          expect(reply.status, where).not.toBe(403)
        } else {
          expect(reply.status, where).toBe(403)
          expect(reply.body.reason, where).toBe('PERMISSION_DENIED')
          await expectDenialAudited(before, operation, { type: 'staff', id: staff.id }, reply, ip, where)
        }
      }
    })

    it(`an API key of the role ${role}: never staff:manage or keys:manage; each refusal audited`, async () => {
      const { key } = members.get(role) ?? { key: '' }
      const keyId = (await api.admin.services.apiKeys.authenticate(key))?.id ?? ''
      const held = new Set(BUILT_IN_ROLE_PERMISSIONS[role])
      for (const operation of operations) {
        const staffOnly = operation.permissions.some((permission) => STAFF_ONLY_PERMISSIONS.has(permission))
        const granted = !staffOnly && operation.permissions.every((permission) => held.has(permission))
        const before = await auditCount()
        const ip = h.ip()
        const reply = await h.call(operation.method, probe(operation), { bearer: key, ip, ...bodyOf(operation) })
        const where = `${role} key ${operation.method} ${operation.path}: ${reply.text.slice(0, 200)}`
        if (granted) {
          expect(reply.status, where).not.toBe(403)
        } else {
          expect(reply.status, where).toBe(403)
          expect(reply.body.reason, where).toBe(staffOnly ? 'STAFF_ONLY' : 'PERMISSION_DENIED')
          await expectDenialAudited(before, operation, { type: 'api_key', id: keyId }, reply, ip, where)
        }
      }
    })
  }
})

describe('denials in the audit log (decision 179)', () => {
  const staffList = () => {
    const found = operations.find((operation) => operation.operationId === 'staffList')
    if (!found) throw new Error('no staffList in the document')
    return found
  }

  it('writes one line per actor and operation a minute, and counts the refusals it did not write', async () => {
    const staff = await h.enrol('read_only', 'flood')
    const cookie = await h.signIn(staff)
    const before = await auditCount()
    for (let i = 0; i < 5; i++) {
      expect((await h.call('GET', '/staff', { cookie })).status).toBe(403)
    }
    // Another operation is a line of its own within the same minute.
    expect((await h.call('GET', '/api-keys', { cookie })).status).toBe(403)
    let entries = await entriesSince(before)
    expect(entries.map((entry) => entry.action)).toEqual([denialAction('staffList'), denialAction('apiKeyList')])
    clock.advance(DENIAL_LINE_EVERY_SECONDS + 1)
    const reply = await h.call('GET', '/staff', { cookie })
    expect(reply.status).toBe(403)
    entries = await entriesSince(before)
    expect(entries).toHaveLength(3)
    // The line of the new minute says how many refusals the minute before left unwritten (4 of its 5).
    expect(entries[2]).toMatchObject({
      action: denialAction(staffList().operationId),
      actorId: staff.id,
      after: { reason: 'PERMISSION_DENIED', needs: ['staff:manage'], unloggedBefore: 4 },
      requestId: reply.headers.get('x-request-id'),
    })
  })

  it('audits a refusal the service gives after the guard: a role given beyond the giver’s', async () => {
    const role = await api.admin.services.roles.create(
      { id: 'inviter', name: 'Inviter', permissions: ['staff:manage'] },
      SYSTEM,
    )
    const staff = await h.enrol(role.id, 'inviter')
    const cookie = await h.signIn(staff)
    const before = await auditCount()
    const ip = h.ip()
    const reply = await h.call('POST', '/invites', {
      cookie,
      ip,
      body: { email: `owner.${h.next()}@staff.example`, role_id: 'owner', send: false },
    })
    expect(reply.status, reply.text).toBe(403)
    expect(reply.body.reason).toBe('PERMISSION_DENIED')
    expect(await entriesSince(before)).toMatchObject([
      {
        actorType: 'staff',
        actorId: staff.id,
        action: denialAction('staffInviteCreate'),
        entityType: 'request',
        entityId: 'POST /invites',
        after: { reason: 'PERMISSION_DENIED', needs: ['staff:manage'] },
        ip,
        requestId: reply.headers.get('x-request-id'),
      },
    ])
  })

  it('does not write STEP_UP_REQUIRED, 401 or CSRF_REJECTED: no denial of a right by a known caller', async () => {
    const owner = await h.enrol('owner', 'late')
    const cookie = await h.signIn(owner)
    clock.advance(6 * 60)
    const before = await auditCount()
    const body = { email: `late.${h.next()}@staff.example`, role_id: 'read_only', send: false }
    const late = await h.call('POST', '/invites', { cookie, body })
    expect(late.body.reason).toBe('STEP_UP_REQUIRED')
    const nobody = await h.call('POST', '/invites', { body })
    expect(nobody.status).toBe(401)
    const crossSite = await h.call('POST', '/invites', {
      cookie,
      body,
      headers: { 'x-staff-request': '0', 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.body.reason).toBe('CSRF_REJECTED')
    expect(await auditCount()).toBe(before)
  })
})

/**
 * The writes of the document that leave no audit entry, and why: each stores a step of a sign-in, an enrolment or a
 * challenge before anyone is signed in or enrolled, and the step that completes it is the entry.
 */
const UNAUDITED: Record<string, string> = {
  staffSignIn: 'starts a sign-in (an e-mailed code): nobody is signed in yet; the completed sign-in is the entry',
  staffSignInCode: 'a step of a sign-in: nobody is signed in yet; the completed sign-in is the entry',
  staffSignInPasskeyOptions: 'a passkey challenge kept on the sign-in; the completed sign-in is the entry',
  staffStepUpPasskeyOptions: 'a passkey challenge kept on the session; the step-up it serves is the entry',
  staffInviteAccept: 'a name and language kept on the invitation before anyone exists; staff.create records them',
  staffInviteTotpStart: 'a TOTP secret kept on the invitation until confirmed; staff.create is the entry',
  staffInvitePasskeyOptions: 'a passkey challenge kept on the invitation; staff.create is the entry',
  adminStatementPreview: 'a dry run: a bank statement matched to open transfers, nothing written',
  adminCsvCheckProducts: 'a dry run of a CSV file: its figures and bad rows, nothing written',
  adminCsvCheckStock: 'a dry run of a CSV file: its figures and bad rows, nothing written',
  adminCsvCheckPrices: 'a dry run of a CSV file: its figures and bad rows, nothing written',
  adminCsvReportProducts: 'a dry run’s report of a CSV file, nothing written',
  adminCsvReportStock: 'a dry run’s report of a CSV file, nothing written',
  adminCsvReportPrices: 'a dry run’s report of a CSV file, nothing written',
  adminHomePreview: 'a dry run: a home page document resolved as the shop would show it, nothing written',
  thailandPostWebhook:
    'the carrier’s statuses (no one’s change); an order it delivers is audited as the system (parcel-tracking.test.ts)',
}

/** What a write's entry must hold besides the actor, IP and request id: before, after, or both. */
type Changes = 'after' | 'before' | 'both'

/** A real call of a write: who makes it (the owner unless said), its path and body, and the entry it must leave. */
type Example = {
  path: string
  body?: unknown
  call?: StaffCall
  action: string
  entityType: string
  /** The entity's id, known before the call or read from its answer. */
  entityId: string | ((reply: StaffReply) => string)
  changes: Changes
  /** Who the entry names (the owner unless said), known before the call or read from its answer. */
  actor?: { id: string | ((reply: StaffReply) => string); label: string }
}

const ownerOf = () => {
  const owner = members.get('owner')
  if (!owner) throw new Error('no owner')
  return owner
}

async function sessionIdOf(cookie: string): Promise<string> {
  const me = await h.call('GET', '/me', { cookie })
  return String((me.body.session as { id: string }).id)
}

/** A sign-in as far as its second factor: its token. */
async function signInToken(member: { email: string }, ip: string): Promise<string> {
  const started = await h.call('POST', '/auth/sign-in', { ip, body: { email: member.email } })
  const token = String(started.body.sign_in_token)
  const code = await h.codeFor(member.email, String(started.body.ref_code))
  expect((await h.call('POST', '/auth/sign-in/code', { ip, body: { sign_in_token: token, code } })).status).toBe(200)
  return token
}

/** An invitation accepted, as far as the second factor's enrolment. */
async function acceptedInvite(ip: string): Promise<{ invite: string; email: string }> {
  const email = `enrol.${h.next()}@staff.example`
  const invite = await h.inviteToken(email, 'read_only')
  expect((await h.call('POST', '/invite/accept', { invite, ip, body: { name: 'New', language: 'en' } })).status).toBe(
    200,
  )
  return { invite, email }
}

/** A member enrolled with a passkey (a software authenticator), and a session of theirs. */
async function passkeyMember(ip: string) {
  const { invite, email } = await acceptedInvite(ip)
  const options = await h.call('POST', '/invite/passkey/options', { invite, ip })
  const authenticator = new SoftwareAuthenticator('localhost', SITE)
  const credential = authenticator.register(options.body.public_key as Record<string, unknown>)
  const enrolled = await h.call('POST', '/invite/passkey', { invite, ip, body: { credential } })
  expect(enrolled.status, enrolled.text).toBe(201)
  return { id: String((enrolled.body.staff as { id: string }).id), email, authenticator }
}

const bodySession = (reply: StaffReply) => String((reply.body.session as { id: string }).id)
const bodyStaff = (reply: StaffReply) => String((reply.body.staff as { id: string }).id)

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

/** The suite's one product, in two sizes (M and L), made on first use: returns need a catalog's piece. */
let returnProduct: Promise<void> | null = null
/** A small PNG picture (the pictures' examples upload it). */
async function aPng(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#222222' } })
      .png()
      .toBuffer(),
  )
}

/** The ids of at least `count` pictures of RET-1, uploaded by the owner when it has fewer. */
async function somePictures(count: number): Promise<string[]> {
  await aReturnProduct()
  const owner = ownerOf()
  for (;;) {
    const [row] = await database.db.select({ images: products.images }).from(products).where(eq(products.id, 'RET-1'))
    const ids = (row?.images ?? []).map((image) => image.path.slice(image.path.lastIndexOf('/') + 1))
    if (ids.length >= count) return ids
    const added = await h.call('POST', '/products/RET-1/pictures', {
      cookie: owner.cookie,
      headers: { 'content-type': 'image/png' },
      body: await aPng(),
    })
    expect(added.status, added.text).toBe(201)
  }
}

function aReturnProduct(): Promise<void> {
  returnProduct ??= (async () => {
    await database.db.insert(categories).values({ slug: 'dresses', position: 1, nameTh: 'ชุดเดรส', nameEn: 'Dresses' })
    await database.db.insert(products).values({
      id: 'RET-1',
      familyId: 'RET-1',
      categorySlug: 'dresses',
      gender: 'women',
      nameTh: 'ชุดเดรส',
      nameEn: 'Dress',
      descriptionTh: '',
      descriptionEn: '',
      colorSlug: 'black',
      colorNameTh: 'ดำ',
      colorNameEn: 'Black',
      colorHex: '#000000',
      materialTh: '',
      materialEn: '',
      careTh: [],
      careEn: [],
      priceThb: 100_000,
      priceUsd: 3_000,
      images: [],
      searchText: 'dress',
    })
    await database.db.insert(variants).values([
      { sku: 'RET-1-M', productId: 'RET-1', size: 'M', position: 0, barcode: '8850000000011', stockOnline: 100 },
      { sku: 'RET-1-L', productId: 'RET-1', size: 'L', position: 1, barcode: '8850000000028', stockOnline: 100 },
    ])
  })()
  return returnProduct
}

/** A store to move stock to (the suite's database has none), made on first use with the product. */
let stockStore: Promise<string> | null = null
function aStockStore(): Promise<string> {
  stockStore ??= (async () => {
    await aReturnProduct()
    await database.db.insert(stores).values({
      id: 'test-store',
      position: 1,
      nameTh: 'สาขาทดสอบ',
      nameEn: 'Test store',
      addressTh: '',
      addressEn: '',
      cityTh: 'กรุงเทพฯ',
      cityEn: 'Bangkok',
      latitude: 13.75,
      longitude: 100.5,
      phone: '+6620000000',
      hours: [],
    })
    return 'test-store'
  })()
  return stockStore
}

/** A transfer of one piece sent from the online warehouse to the test store: its id. */
async function aStockTransfer(): Promise<string> {
  const store = await aStockStore()
  const owner = ownerOf()
  const sent = await h.call('POST', '/stock/transfers', {
    cookie: owner.cookie,
    body: { from: 'online', to: store, lines: [{ sku: 'RET-1-M', quantity: 1 }] },
  })
  expect(sent.status, sent.text).toBe(201)
  return String(sent.body.id)
}

/** A sale of RET-1 planned ahead, each in its own week (two sales of one product may not overlap). */
let saleWeeks = 0
function aSaleWindow(): { starts_at: string; ends_at: string } {
  const start = clock.now().getTime() + (30 + 7 * ++saleWeeks) * 86_400_000
  return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + 86_400_000).toISOString() }
}

async function aPlannedSale(): Promise<string> {
  await aReturnProduct()
  const planned = await h.call('POST', '/price-schedules', {
    cookie: ownerOf().cookie,
    body: { name: 'Planned', ...aSaleWindow(), lines: [{ product_id: 'RET-1', sale_thb: 70_000, sale_usd: 2_000 }] },
  })
  expect(planned.status, planned.text).toBe(201)
  return String(planned.body.id)
}

/** An exchange request (M for L) of a received order: asked, accepted, or accepted with its piece back as new. */
async function aReturn(stage: 'requested' | 'accepted' | 'received'): Promise<string> {
  await aReturnProduct()
  const number = await anOrder()
  const [order] = await database.db
    .update(orders)
    .set({ status: 'received', receivedAt: new Date(), subtotal: 100_000, total: 100_000, vatIncluded: 6_542 })
    .where(eq(orders.number, number))
    .returning({ id: orders.id })
  const orderId = order?.id ?? ''
  await database.db.insert(orderItems).values({
    orderId,
    position: 0,
    sku: 'RET-1-M',
    productId: 'RET-1',
    nameTh: 'ชุดเดรส',
    nameEn: 'Dress',
    size: 'M',
    categorySlug: 'dresses',
    tags: [],
    quantity: 1,
    unitPrice: 100_000,
    lineTotal: 100_000,
  })
  const [request] = await database.db
    .insert(returnRequests)
    .values({
      orderId,
      kind: 'exchange',
      reason: 'size_does_not_fit',
      status: stage === 'requested' ? 'requested' : 'accepted',
    })
    .returning({ id: returnRequests.id })
  const id = request?.id ?? ''
  await database.db
    .insert(returnRequestItems)
    .values({ requestId: id, orderId, position: 0, quantity: 1, exchangeSize: 'L' })
  if (stage === 'received') {
    await database.db.insert(returnReceipts).values({
      requestId: id,
      orderId,
      location: 'online',
      pieces: [{ position: 0, sku: 'RET-1-M', asNew: 1, damaged: 0, notReturned: 0 }],
      receivedAt: new Date(),
      receivedBy: 'test',
    })
  }
  return id
}

/** A discount code of the shop's, switched on, to change or switch off. */
async function aPromotionCode(): Promise<string> {
  const [row] = await database.db
    .insert(promotionCodes)
    .values({ code: `MATRIX${h.next()}`, kind: 'amount', amountThb: 10_000, minThb: 0 })
    .returning({ id: promotionCodes.id })
  return row?.id ?? ''
}

/** A model of one colour and one size as the back office writes it (issue 32 item 1). */
const modelFields = () => ({
  category: 'dresses',
  gender: 'women',
  name_th: 'เสื้อทดสอบ',
  name_en: 'Matrix top',
  description_th: 'เสื้อสำหรับการทดสอบสิทธิ์',
  description_en: 'A top for the permission matrix.',
  material_th: 'ฝ้าย',
  material_en: 'Cotton',
  colours: [{ slug: 'white', name_th: 'ขาว', name_en: 'White', hex: '#FFFFFF', variants: [{ size: 'M' }] }],
})

/** A model made through the API as the owner; its id. */
async function aProduct(): Promise<string> {
  // The suite's category comes with its one product.
  await aReturnProduct()
  const slug = `matrix-model-${h.next()}`
  const reply = await h.call('POST', '/products', {
    cookie: ownerOf().cookie,
    body: { slug, ...modelFields(), price_thb: 99_000, price_usd: 3_000 },
  })
  if (reply.status !== 201) throw new Error(`no model: ${reply.text}`)
  return slug
}

/** An info page and an editorial's document, whole (the pages' examples save them). */
const pageDocument = {
  title_th: 'การจัดส่ง',
  title_en: 'Delivery',
  description_th: 'การจัดส่งสินค้า',
  description_en: 'How we deliver',
  body_th: [{ kind: 'p', text: 'ส่งภายในสองวัน' }],
  body_en: [{ kind: 'p', text: 'Sent within two days' }],
}
const editorialDocument = {
  title_th: 'เรื่องเล่า',
  title_en: 'A story',
  excerpt_th: 'เรื่องสั้น',
  excerpt_en: 'A short one',
  hero_image: { path: 'editorials/matrix.svg', width: 1600, height: 1000, alt_th: 'ภาพ', alt_en: 'A picture' },
  body_th: [{ kind: 'p', text: 'ย่อหน้า' }],
  body_en: [{ kind: 'p', text: 'A paragraph' }],
}

/** The info pages, written as a start writes them (the suite's database is not seeded), once. */
let infoPages: Promise<void> | null = null
function someInfoPages(): Promise<void> {
  infoPages ??= insertContentPages(database.db)
  return infoPages
}

/** A new editorial made by the owner (a draft; published when asked), its slug. */
async function anEditorial(published = false): Promise<string> {
  const slug = `matrix-${h.next()}`
  const cookie = ownerOf().cookie
  const made = await h.call('POST', '/content/editorials', { cookie, body: { slug, document: editorialDocument } })
  if (made.status !== 201) throw new Error(`no editorial: ${made.text}`)
  if (published) {
    const put = await h.call('PUT', `/content/editorials/${slug}`, {
      cookie,
      body: { document: editorialDocument, state: 'published' },
    })
    if (put.status !== 200) throw new Error(`not published: ${put.text}`)
  }
  return slug
}

/** A CSV file applied (issue 32 item 7): one `csv.import` entry named by the kind and the file's SHA-256. */
function csvImport(kind: string, file: string): Example {
  return {
    path: `/csv/${kind}/apply?file_name=${kind}.csv`,
    body: new TextEncoder().encode(file),
    call: { cookie: ownerOf().cookie, headers: { 'content-type': 'text/csv' } },
    action: 'csv.import',
    entityType: 'csv_import',
    entityId: (reply) => `${kind}:${String(reply.body.sha256).slice(0, 16)}`,
    changes: 'after',
  }
}

/** A real call of each write operation, made ready by what it needs first. */
/** A new top-level collection made by the owner: its slug. */
async function aCollection(): Promise<string> {
  const slug = `matrix-collection-${h.next()}`
  const reply = await h.call('POST', '/collections', {
    cookie: ownerOf().cookie,
    body: { slug, name_th: 'คอลเลกชัน', name_en: 'Collection' },
  })
  if (reply.status !== 201) throw new Error(`no collection: ${reply.text}`)
  return slug
}

/** A shopper's account (issue 33 item 1): its id, for the members' actions. */
async function aMember(values: Partial<typeof memberRows.$inferInsert> = {}): Promise<string> {
  const [row] = await database.db
    .insert(memberRows)
    .values({ fullname: 'Matrix Member', email: `matrix.member.${h.next()}@example.com`, ...values })
    .returning({ id: memberRows.id })
  return row?.id ?? ''
}

/** A member action's example: its path below the member, its body, its audit action. */
function memberExample(id: string, path: string, body: unknown, action: string, changes: Example['changes']): Example {
  return { path: `/members/${id}/${path}`, body, action, entityType: 'member', entityId: id, changes }
}

/** A member with a confirmed e-mail (issue 33 item 2: the subject of a privacy request): the e-mail. */
async function aConfirmedEmail(): Promise<string> {
  const email = `matrix-member-${h.next()}@example.com`
  await h.db.insert(memberRows).values({ fullname: 'Matrix Member', email, emailVerifiedAt: clock.now() })
  return email
}

/** A privacy request that came by e-mail, recorded by the owner: its id. */
async function aPrivacyRequest(kind: 'access' | 'erasure'): Promise<string> {
  const reply = await h.call('POST', '/privacy/requests', {
    cookie: ownerOf().cookie,
    body: { member: await aConfirmedEmail(), kind, received_at: clock.now().toISOString().slice(0, 10) },
  })
  if (reply.status !== 201) throw new Error(`no privacy request: ${reply.text}`)
  return String(reply.body.id)
}

const EXAMPLES: Record<string, (ip: string) => Promise<Example>> = {
  adminMemberGoodwillCode: async () =>
    memberExample(
      await aMember(),
      'goodwill-codes',
      { kind: 'percent', percent: 10, valid_days: 30, reason: 'Late parcel' },
      'member.goodwill_code',
      'after',
    ),
  adminMemberBirthdate: async () =>
    memberExample(
      await aMember(),
      'birthdate',
      { birthdate: '1990-06-15', reason: 'ID card shown' },
      'member.birthdate_correct',
      'both',
    ),
  adminMemberBlock: async () => memberExample(await aMember(), 'block', { reason: 'Fraud' }, 'member.block', 'both'),
  adminMemberUnblock: async () =>
    memberExample(await aMember({ blockedAt: new Date() }), 'unblock', { reason: 'Cleared' }, 'member.unblock', 'both'),
  adminMemberSessionsEnd: async () =>
    memberExample(await aMember(), 'sessions/end', { reason: 'Lost phone' }, 'member.sessions_end', 'both'),
  adminMemberMerge: async () => {
    const kept = await aMember()
    const other = await aMember()
    return memberExample(
      kept,
      'merge',
      { other_id: other, email_from: 'kept', telephone_from: 'kept', line_from: 'kept', reason: 'One person' },
      'member.merge',
      'both',
    )
  },
  adminPrivacyRequestRecord: async () => ({
    path: '/privacy/requests',
    body: { member: await aConfirmedEmail(), kind: 'access', received_at: clock.now().toISOString().slice(0, 10) },
    action: 'privacy_request.record',
    entityType: 'privacy_request',
    entityId: (reply) => String(reply.body.id),
    changes: 'after',
  }),
  adminPrivacyRequestExport: async () => {
    const id = await aPrivacyRequest('access')
    return {
      path: `/privacy/requests/${id}/export`,
      action: 'privacy_request.export',
      entityType: 'privacy_request',
      entityId: id,
      changes: 'both',
    }
  },
  adminPrivacyRequestErase: async () => {
    const id = await aPrivacyRequest('erasure')
    return {
      path: `/privacy/requests/${id}/erase`,
      action: 'privacy_request.erase',
      entityType: 'privacy_request',
      entityId: id,
      changes: 'both',
    }
  },
  adminInfoPageSave: async () => {
    await someInfoPages()
    return {
      path: '/content/pages/delivery',
      body: { document: pageDocument, state: 'published' },
      action: 'info_page.publish',
      entityType: 'info_page',
      entityId: 'delivery',
      changes: 'both',
    }
  },
  adminInfoPageRestore: async () => {
    await someInfoPages()
    return {
      path: '/content/pages/about-us/versions/1/restore',
      body: {},
      action: 'info_page.restore',
      entityType: 'info_page',
      entityId: 'about-us',
      changes: 'both',
    }
  },
  adminEditorialCreate: async () => ({
    path: '/content/editorials',
    body: { slug: `matrix-${h.next()}`, document: editorialDocument },
    action: 'editorial.create',
    entityType: 'editorial',
    entityId: (reply) => String(reply.body.slug),
    changes: 'after',
  }),
  adminEditorialSave: async () => {
    const slug = await anEditorial()
    return {
      path: `/content/editorials/${slug}`,
      body: { document: editorialDocument, state: 'published' },
      action: 'editorial.publish',
      entityType: 'editorial',
      entityId: slug,
      changes: 'both',
    }
  },
  adminEditorialUnpublish: async () => {
    const slug = await anEditorial(true)
    return {
      path: `/content/editorials/${slug}/unpublish`,
      action: 'editorial.unpublish',
      entityType: 'editorial',
      entityId: slug,
      changes: 'both',
    }
  },
  adminEditorialRestore: async () => {
    const slug = await anEditorial()
    return {
      path: `/content/editorials/${slug}/versions/1/restore`,
      body: {},
      action: 'editorial.restore',
      entityType: 'editorial',
      entityId: slug,
      changes: 'both',
    }
  },
  adminEditorialDelete: async () => {
    const slug = await anEditorial()
    return {
      path: `/content/editorials/${slug}`,
      action: 'editorial.delete',
      entityType: 'editorial',
      entityId: slug,
      changes: 'before',
    }
  },
  adminContentPictureUpload: async () => ({
    path: '/content/pictures',
    body: await aPng(),
    call: { cookie: ownerOf().cookie, headers: { 'content-type': 'image/png' } },
    action: 'content_picture.upload',
    entityType: 'content_picture',
    entityId: (reply) => String(reply.body.path).replace(/^media\//, ''),
    changes: 'after',
  }),
  adminCollectionCreate: async () => {
    const slug = `matrix-collection-${h.next()}`
    return {
      path: '/collections',
      body: { slug, name_th: 'คอลเลกชัน', name_en: 'Collection' },
      action: 'collection.create',
      entityType: 'collection',
      entityId: slug,
      changes: 'after',
    }
  },
  adminCollectionEdit: async () => {
    const slug = await aCollection()
    return {
      path: `/collections/${slug}`,
      body: { name_en: 'Collection, changed' },
      action: 'collection.edit',
      entityType: 'collection',
      entityId: slug,
      changes: 'both',
    }
  },
  adminCollectionMove: async () => {
    const slug = await aCollection()
    return {
      path: `/collections/${slug}/move`,
      body: { direction: 'up' },
      action: 'collection.move',
      entityType: 'collection',
      entityId: slug,
      changes: 'both',
    }
  },
  adminCollectionPieces: async () => {
    const slug = await aCollection()
    const family = await aProduct()
    return {
      path: `/collections/${slug}/pieces`,
      body: { pieces: [family] },
      action: 'collection.pieces',
      entityType: 'collection',
      entityId: slug,
      changes: 'both',
    }
  },
  adminCollectionRestore: async () => {
    const slug = await aCollection()
    return {
      path: `/collections/${slug}/versions/1/restore`,
      action: 'collection.restore',
      entityType: 'collection',
      entityId: slug,
      changes: 'both',
    }
  },
  adminCollectionPicture: async () => {
    const slug = await aCollection()
    return {
      path: `/collections/${slug}/picture`,
      body: await aPng(),
      call: { cookie: ownerOf().cookie, headers: { 'content-type': 'image/png' } },
      action: 'collection.picture',
      entityType: 'collection',
      entityId: slug,
      changes: 'both',
    }
  },
  adminCollectionDelete: async () => {
    const slug = await aCollection()
    return {
      path: `/collections/${slug}`,
      action: 'collection.delete',
      entityType: 'collection',
      entityId: slug,
      changes: 'both',
    }
  },
  adminSiteSave: async () => ({
    path: '/site/menu',
    body: { body: { links: [{ path: '/stores', label_th: 'ร้าน', label_en: 'Stores' }] }, publish: true },
    action: 'menu.publish',
    entityType: 'site_document',
    entityId: 'menu',
    changes: 'both',
  }),
  adminSiteRestore: async () => {
    const saved = await h.call('PUT', '/site/menu', {
      cookie: ownerOf().cookie,
      body: { body: { links: [] }, publish: false },
    })
    if (saved.status !== 200) throw new Error(`no menu version: ${saved.text}`)
    return {
      path: `/site/menu/versions/${String(saved.body.draft_version)}/restore`,
      action: 'menu.restore',
      entityType: 'site_document',
      entityId: 'menu',
      changes: 'both',
    }
  },
  adminSitePictureUpload: async () => ({
    path: '/site/pictures',
    body: await aPng(),
    call: { cookie: ownerOf().cookie, headers: { 'content-type': 'image/png' } },
    action: 'site_picture.upload',
    entityType: 'site_picture',
    entityId: (reply) => String(reply.body.path),
    changes: 'after',
  }),
  staffInviteCreate: async () => ({
    path: '/invites',
    body: { email: `invited.${h.next()}@staff.example`, role_id: 'read_only', send: false },
    action: 'invite.create',
    entityType: 'invite',
    entityId: (reply) => String(reply.body.id),
    changes: 'after',
  }),
  staffRecoveryCodesRenew: async () => ({
    path: '/me/recovery-codes',
    action: 'recovery_codes.renew',
    entityType: 'staff',
    entityId: ownerOf().staff.id,
    changes: 'after',
  }),
  staffInviteRevoke: async () => {
    const invite = await api.admin.services.staff.invite(
      { email: `revoked.${h.next()}@staff.example`, roleId: 'read_only', send: false },
      SYSTEM,
    )
    return {
      path: `/invites/${invite.id}`,
      action: 'invite.revoke',
      entityType: 'invite',
      entityId: invite.id,
      changes: 'both',
    }
  },
  staffUpdate: async () => {
    const victim = await h.enrol('read_only', 'victim')
    return {
      path: `/staff/${victim.id}`,
      body: { role_id: 'warehouse' },
      action: 'staff.update',
      entityType: 'staff',
      entityId: victim.id,
      changes: 'both',
    }
  },
  staffRoleCreate: async () => {
    const id = `role_${h.next()}`
    return {
      path: '/roles',
      body: { id, name: 'Packers', permissions: ['orders:read', 'fulfilment:write'] },
      action: 'role.create',
      entityType: 'role',
      entityId: id,
      changes: 'after',
    }
  },
  staffRoleUpdate: async () => {
    const role = await api.admin.services.roles.create({ id: `role_${h.next()}`, name: 'A', permissions: [] }, SYSTEM)
    return {
      path: `/roles/${role.id}`,
      body: { name: 'B', permissions: ['orders:read'] },
      action: 'role.update',
      entityType: 'role',
      entityId: role.id,
      changes: 'both',
    }
  },
  staffRoleDelete: async () => {
    const role = await api.admin.services.roles.create({ id: `role_${h.next()}`, name: 'A', permissions: [] }, SYSTEM)
    return {
      path: `/roles/${role.id}`,
      action: 'role.delete',
      entityType: 'role',
      entityId: role.id,
      changes: 'before',
    }
  },
  staffSessionRevoke: async () => {
    const victim = await h.enrol('read_only', 'session')
    await h.signIn(victim)
    const [session] = await api.admin.services.sessions.list(victim.id, null)
    const id = session?.id ?? UNKNOWN_ID
    return {
      path: `/staff-sessions/${id}`,
      action: 'session.revoke',
      entityType: 'session',
      entityId: id,
      changes: 'before',
    }
  },
  apiKeyCreate: async () => ({
    path: '/api-keys',
    body: { name: 'ERP', role_id: 'manager', days: 30 },
    action: 'api_key.create',
    entityType: 'api_key',
    entityId: (reply) => String(reply.body.id),
    changes: 'after',
  }),
  apiKeyRevoke: async () => {
    const key = await api.admin.services.apiKeys.create({ name: 'Old', roleId: 'read_only' }, SYSTEM)
    return {
      path: `/api-keys/${key.id}`,
      action: 'api_key.revoke',
      entityType: 'api_key',
      entityId: key.id,
      changes: 'both',
    }
  },
  auditExport: async () => ({
    path: '/audit/export',
    action: 'audit.export',
    entityType: 'audit_log',
    entityId: 'csv',
    changes: 'after',
  }),
  // ── the writes that need no permission: a member's own sign-in, step-up, sessions, and an enrolment ──
  staffSignInTotp: async (ip) => {
    const member = await h.enrol('read_only', 'totp')
    const token = await signInToken(member, ip)
    return {
      path: '/auth/sign-in/totp',
      body: { sign_in_token: token, code: totpCode(member.secret, clock.now()) },
      call: {},
      action: 'session.sign_in',
      entityType: 'session',
      entityId: bodySession,
      changes: 'after',
      actor: { id: member.id, label: member.email },
    }
  },
  staffSignInRecoveryCode: async (ip) => {
    const member = await h.enrol('read_only', 'recovery')
    const token = await signInToken(member, ip)
    return {
      path: '/auth/sign-in/recovery-code',
      body: { sign_in_token: token, code: member.recoveryCodes[0] },
      call: {},
      action: 'session.sign_in',
      entityType: 'session',
      entityId: bodySession,
      changes: 'after',
      actor: { id: member.id, label: member.email },
    }
  },
  staffSignInPasskey: async (ip) => {
    const member = await passkeyMember(ip)
    const token = await signInToken(member, ip)
    const options = await h.call('POST', '/auth/sign-in/passkey/options', { ip, body: { sign_in_token: token } })
    return {
      path: '/auth/sign-in/passkey',
      body: {
        sign_in_token: token,
        credential: member.authenticator.assert(options.body.public_key as Record<string, unknown>),
      },
      call: {},
      action: 'session.sign_in',
      entityType: 'session',
      entityId: bodySession,
      changes: 'after',
      actor: { id: member.id, label: member.email },
    }
  },
  staffStepUpTotp: async () => {
    const owner = ownerOf()
    return {
      path: '/auth/step-up/totp',
      // Not stepped up first: that would spend this step's code.
      call: { cookie: owner.cookie },
      body: { code: totpCode(owner.staff.secret, clock.now()) },
      action: 'session.step_up',
      entityType: 'session',
      entityId: await sessionIdOf(owner.cookie),
      changes: 'after',
    }
  },
  staffStepUpRecoveryCode: async () => {
    const owner = ownerOf()
    return {
      path: '/auth/step-up/recovery-code',
      // Not stepped up first: that would spend this step's code.
      call: { cookie: owner.cookie },
      body: { code: owner.staff.recoveryCodes[0] },
      action: 'session.step_up',
      entityType: 'session',
      entityId: await sessionIdOf(owner.cookie),
      changes: 'after',
    }
  },
  staffStepUpPasskey: async (ip) => {
    const member = await passkeyMember(ip)
    const token = await signInToken(member, ip)
    const challenge = await h.call('POST', '/auth/sign-in/passkey/options', { ip, body: { sign_in_token: token } })
    const signedIn = await h.call('POST', '/auth/sign-in/passkey', {
      ip,
      body: {
        sign_in_token: token,
        credential: member.authenticator.assert(challenge.body.public_key as Record<string, unknown>),
      },
    })
    const cookie = sessionCookieOf(signedIn)
    const options = await h.call('POST', '/auth/step-up/passkey/options', { cookie })
    return {
      path: '/auth/step-up/passkey',
      body: { credential: member.authenticator.assert(options.body.public_key as Record<string, unknown>) },
      call: { cookie },
      action: 'session.step_up',
      entityType: 'session',
      entityId: bodySession(signedIn),
      changes: 'after',
      actor: { id: member.id, label: member.email },
    }
  },
  staffSignOut: async () => {
    const member = await h.enrol('read_only', 'leaving')
    const cookie = await h.signIn(member)
    return {
      path: '/auth/sign-out',
      call: { cookie },
      action: 'session.sign_out',
      entityType: 'session',
      entityId: await sessionIdOf(cookie),
      changes: 'before',
      actor: { id: member.id, label: member.email },
    }
  },
  staffOwnSessionRevoke: async () => {
    const member = await h.enrol('read_only', 'two')
    const other = await sessionIdOf(await h.signIn(member))
    const cookie = await h.signIn(member)
    return {
      path: `/sessions/${other}`,
      call: { cookie },
      action: 'session.revoke',
      entityType: 'session',
      entityId: other,
      changes: 'before',
      actor: { id: member.id, label: member.email },
    }
  },
  staffInviteTotpConfirm: async (ip) => {
    const { invite, email } = await acceptedInvite(ip)
    const started = await h.call('POST', '/invite/totp', { invite, ip })
    return {
      path: '/invite/totp/confirm',
      body: { code: totpCode(String(started.body.secret), clock.now()) },
      call: { invite },
      action: 'staff.create',
      entityType: 'staff',
      entityId: bodyStaff,
      changes: 'after',
      actor: { id: bodyStaff, label: email },
    }
  },
  staffInvitePasskey: async (ip) => {
    const { invite, email } = await acceptedInvite(ip)
    const options = await h.call('POST', '/invite/passkey/options', { invite, ip })
    const authenticator = new SoftwareAuthenticator('localhost', SITE)
    return {
      path: '/invite/passkey',
      body: { credential: authenticator.register(options.body.public_key as Record<string, unknown>) },
      call: { invite },
      action: 'staff.create',
      entityType: 'staff',
      entityId: bodyStaff,
      changes: 'after',
      actor: { id: bodyStaff, label: email },
    }
  },
  adminOrderNoteCreate: async () => {
    const number = await anOrder()
    return {
      path: `/orders/${number}/notes`,
      body: { body: 'Called the customer' },
      action: 'order.note',
      entityType: 'order',
      entityId: number,
      changes: 'after',
    }
  },
  adminOrderCancel: async () => {
    const number = await anOrder()
    return {
      path: `/orders/${number}/cancel`,
      body: { reason: 'Asked by the customer' },
      action: 'order.cancel',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminOrderAddressUpdate: async () => {
    const number = await anOrder()
    return {
      path: `/orders/${number}/address`,
      body: { ...thaiAddress, address: '1 ถนนสุขุมวิท' },
      action: 'order.address',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminOrderRefundCreate: async () => {
    const number = await anOrder()
    // Paid by a transfer the back office confirmed: its refund is recorded with the bank's reference.
    const [order] = await database.db
      .update(orders)
      .set({ status: 'paid', total: 50_000 })
      .where(sql`number = ${number}`)
      .returning()
    await database.db.insert(payments).values({
      orderId: order?.id ?? '',
      provider: 'bank_transfer',
      method: 'bank_transfer',
      status: 'paid',
      amount: 50_000,
      currency: 'thb',
    })
    return {
      path: `/orders/${number}/refunds`,
      body: { mode: 'full', reason: 'Cancelled by telephone', bank_reference: `REF-${h.next()}` },
      action: 'order.refund',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminOrderShip: async () => {
    const number = await aPaidOrder()
    return {
      path: `/orders/${number}/parcels`,
      body: { carrier: 'thailand_post', tracking_number: 'EF123456789TH' },
      action: 'order.ship',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminSlipConfirm: async () => {
    const { number, id } = await aSlipInReview()
    return {
      path: `/slips/${id}/confirm`,
      action: 'payment.slip_confirm',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  staffOwnAlertsChoose: async () => ({
    path: '/me/alerts',
    body: { kinds: ['low_stock'] },
    action: 'staff_alerts.choose',
    entityType: 'staff',
    entityId: ownerOf().staff.id,
    changes: 'both',
  }),
  staffOwnLineLinkCode: async () => ({
    path: '/me/alerts/line-code',
    action: 'staff_alerts.link_code',
    entityType: 'staff',
    entityId: ownerOf().staff.id,
    changes: 'after',
  }),
  staffOwnLineUnlink: async () => {
    const owner = ownerOf()
    expect((await h.call('POST', '/me/alerts/line-code', { cookie: owner.cookie })).status).toBe(201)
    return {
      path: '/me/alerts/line',
      action: 'staff_alerts.unlink',
      entityType: 'staff',
      entityId: owner.staff.id,
      changes: 'both',
    }
  },
  adminSlipReject: async () => {
    const { number, id } = await aSlipInReview()
    return {
      path: `/slips/${id}/reject`,
      body: { reason: 'not_received', note: null },
      action: 'payment.slip_reject',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminOrderMarkPaid: async () => {
    const number = await anOrder()
    return {
      path: `/orders/${number}/mark-paid`,
      body: { reference: `FT${h.next()}MARKPAID` },
      action: 'payment.mark_paid',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminStatementConfirm: async () => {
    const number = await anOrder()
    return {
      path: '/payments/statement/confirm',
      body: { matches: [{ number, reference: `STMT${h.next()}` }] },
      action: 'payment.statement_match',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminTrackingImport: async () => {
    const number = await aPaidOrder()
    return {
      path: '/fulfilment/tracking-import',
      body: { csv: `${number},kerry_express,KEX1234567890`, apply: true },
      action: 'order.ship',
      entityType: 'order',
      entityId: number,
      changes: 'both',
    }
  },
  adminPriceSet: async () => {
    await aReturnProduct()
    return {
      path: '/products/RET-1/prices',
      body: { price_thb: 95_000, price_usd: 3_000, compare_at_thb: null, compare_at_usd: null },
      action: 'product.set_price',
      entityType: 'product',
      entityId: 'RET-1',
      changes: 'both',
    }
  },
  adminPriceBulk: async () => {
    await aReturnProduct()
    return {
      path: '/prices/bulk',
      body: { filter: { q: 'RET-1' }, change: { kind: 'fixed', price_thb: 90_000, price_usd: 2_900 }, apply: true },
      action: 'product.bulk_price',
      entityType: 'product',
      entityId: 'RET-1',
      changes: 'both',
    }
  },
  adminPriceScheduleCreate: async () => {
    await aReturnProduct()
    return {
      path: '/price-schedules',
      body: { name: '11.11', ...aSaleWindow(), lines: [{ product_id: 'RET-1', sale_thb: 70_000, sale_usd: 2_000 }] },
      action: 'price_schedule.create',
      entityType: 'price_schedule',
      entityId: (reply) => String(reply.body.id),
      changes: 'after',
    }
  },
  adminPriceScheduleUpdate: async () => {
    const id = await aPlannedSale()
    return {
      path: `/price-schedules/${id}`,
      body: { name: '12.12', ...aSaleWindow(), lines: [{ product_id: 'RET-1', sale_thb: 60_000, sale_usd: 1_900 }] },
      action: 'price_schedule.update',
      entityType: 'price_schedule',
      entityId: id,
      changes: 'both',
    }
  },
  adminPriceScheduleCancel: async () => {
    const id = await aPlannedSale()
    return {
      path: `/price-schedules/${id}/cancel`,
      action: 'price_schedule.cancel',
      entityType: 'price_schedule',
      entityId: id,
      changes: 'both',
    }
  },
  adminStockAdjust: async () => {
    await aReturnProduct()
    return {
      path: '/stock/adjustments',
      body: { location: 'online', sku: 'RET-1-L', reason: 'received', note: 'A box', delta: 2 },
      action: 'stock.adjust',
      entityType: 'stock',
      entityId: 'online:RET-1-L',
      changes: 'both',
    }
  },
  adminStockCount: async () => {
    await aReturnProduct()
    return {
      path: '/stock/counts',
      body: { location: 'online', note: 'Month end', lines: [{ sku: 'RET-1-L', counted: 7 }] },
      action: 'stock.adjust',
      entityType: 'stock',
      entityId: 'online:RET-1-L',
      changes: 'both',
    }
  },
  adminCsvApplyProducts: async () => {
    await aReturnProduct()
    return csvImport(
      'products',
      'family_id,colour_slug,colour_th,colour_en,colour_hex,size,sku,barcode,name_th,name_en,category,gender,tags,status,price_thb,price_usd\r\n' +
        'csv-perm-dress,sand,ทราย,Sand,#d8c7a3,S,CSV-PERM-DRESS-S,,เดรส,Dress,dresses,women,,draft,990.00,30.00\r\n',
    )
  },
  adminCsvApplyStock: async () => {
    await aReturnProduct()
    return csvImport('stock', 'location,sku,quantity,low_stock_threshold\r\nonline,RET-1-M,77,3\r\n')
  },
  adminCsvApplyPrices: async () => {
    await aReturnProduct()
    return csvImport(
      'prices',
      'product_id,price_thb,price_usd,compare_at_thb,compare_at_usd\r\nRET-1,1234.00,41.00,,\r\n',
    )
  },
  adminCsvExportOrders: async () => ({
    path: '/csv/orders/export',
    action: 'csv.export',
    entityType: 'csv_export',
    entityId: 'orders',
    changes: 'after',
  }),
  adminReportExport: async () => ({
    path: '/reports/vat/export',
    action: 'report.export',
    entityType: 'report',
    entityId: 'vat',
    changes: 'after',
  }),
  adminPictureUpload: async () => {
    await aReturnProduct()
    return {
      path: '/products/RET-1/pictures',
      body: await aPng(),
      call: { cookie: ownerOf().cookie, headers: { 'content-type': 'image/png' } },
      action: 'picture.add',
      entityType: 'product',
      entityId: 'RET-1',
      changes: 'both',
    }
  },
  adminPictureOrder: async () => {
    const ids = await somePictures(2)
    return {
      path: '/products/RET-1/pictures/order',
      body: { pictures: [...ids].reverse() },
      action: 'picture.reorder',
      entityType: 'product',
      entityId: 'RET-1',
      changes: 'both',
    }
  },
  adminPictureEdit: async () => {
    const [id] = await somePictures(1)
    return {
      path: `/products/RET-1/pictures/${id ?? ''}`,
      body: { alt_en: 'A black dress', focal: { x: 0.4, y: 0.3 } },
      action: 'picture.edit',
      entityType: 'product',
      entityId: 'RET-1',
      changes: 'both',
    }
  },
  adminPictureDelete: async () => {
    const [id] = await somePictures(1)
    return {
      path: `/products/RET-1/pictures/${id ?? ''}`,
      action: 'picture.delete',
      entityType: 'product',
      entityId: 'RET-1',
      changes: 'both',
    }
  },
  adminStockThreshold: async () => {
    await aReturnProduct()
    return {
      path: '/stock/sizes/RET-1-L/threshold',
      body: { low_stock_threshold: 5 },
      action: 'stock.threshold',
      entityType: 'variant',
      entityId: 'RET-1-L',
      changes: 'both',
    }
  },
  adminStockTransferSend: async () => {
    const store = await aStockStore()
    return {
      path: '/stock/transfers',
      body: { from: 'online', to: store, lines: [{ sku: 'RET-1-M', quantity: 1 }] },
      action: 'stock_transfer.send',
      entityType: 'stock_transfer',
      entityId: (reply) => String(reply.body.id),
      changes: 'both',
    }
  },
  adminStockTransferReceive: async () => {
    const id = await aStockTransfer()
    return {
      path: `/stock/transfers/${id}/receive`,
      action: 'stock_transfer.receive',
      entityType: 'stock_transfer',
      entityId: id,
      changes: 'both',
    }
  },
  adminStockTransferCancel: async () => {
    const id = await aStockTransfer()
    return {
      path: `/stock/transfers/${id}/cancel`,
      action: 'stock_transfer.cancel',
      entityType: 'stock_transfer',
      entityId: id,
      changes: 'both',
    }
  },
  adminReturnAccept: async () => {
    const id = await aReturn('requested')
    return {
      path: `/returns/${id}/accept`,
      body: { note: 'Send it back with the tags' },
      action: 'return_request.accept',
      entityType: 'return_request',
      entityId: id,
      changes: 'both',
    }
  },
  adminPromotionCodeCreate: async () => ({
    path: '/promotions/codes',
    body: { code: `MATRIX${h.next()}`, kind: 'amount', thb: { amount: 10_000, minimum: 0 } },
    action: 'promotion_code.create',
    entityType: 'promotion_code',
    entityId: (reply) => String(reply.body.id),
    changes: 'after',
  }),
  adminPromotionCodeUpdate: async () => {
    const id = await aPromotionCode()
    return {
      path: `/promotions/codes/${id}`,
      body: { code: `MATRIX${h.next()}`, kind: 'percent', percent: 5, thb: { amount: null, minimum: 0 } },
      action: 'promotion_code.update',
      entityType: 'promotion_code',
      entityId: id,
      changes: 'both',
    }
  },
  adminPromotionCodeDeactivate: async () => {
    const id = await aPromotionCode()
    return {
      path: `/promotions/codes/${id}/deactivate`,
      action: 'promotion_code.deactivate',
      entityType: 'promotion_code',
      entityId: id,
      changes: 'both',
    }
  },
  adminProductCreate: async () => {
    await aReturnProduct()
    const slug = `matrix-model-${h.next()}`
    return {
      path: '/products',
      body: { slug, ...modelFields(), price_thb: 99_000, price_usd: 3_000 },
      action: 'product.create',
      entityType: 'product',
      entityId: slug,
      changes: 'after',
    }
  },
  adminProductUpdate: async () => {
    const id = await aProduct()
    const fields = modelFields()
    return {
      path: `/products/${id}`,
      body: { ...fields, name_en: 'Matrix top, changed', colours: [{ ...fields.colours[0], id }] },
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      changes: 'both',
    }
  },
  adminProductStatus: async () => {
    const id = await aProduct()
    return {
      path: `/products/${id}/status`,
      body: { status: 'published' },
      action: 'product.publish',
      entityType: 'product',
      entityId: id,
      changes: 'both',
    }
  },
  adminProductDuplicate: async () => {
    const id = await aProduct()
    return {
      path: `/products/${id}/duplicate`,
      action: 'product.duplicate',
      entityType: 'product',
      entityId: `${id}-copy`,
      changes: 'after',
    }
  },
  adminProductPreview: async () => {
    const id = await aProduct()
    return {
      path: `/products/${id}/preview`,
      action: 'product.preview',
      entityType: 'product',
      entityId: id,
      changes: 'after',
    }
  },
  adminMixMatchUpdate: async () => ({
    path: '/promotions/mix-match',
    body: {
      prices: [
        { size: 3, thb: 189_000, usd: 5_800 },
        { size: 5, thb: 289_000, usd: 8_800 },
      ],
    },
    action: 'mix_match.prices',
    entityType: 'mix_match',
    entityId: 'prices',
    changes: 'both',
  }),
  adminReturnReject: async () => {
    const id = await aReturn('requested')
    return {
      path: `/returns/${id}/reject`,
      body: { note: 'Worn' },
      action: 'return_request.reject',
      entityType: 'return_request',
      entityId: id,
      changes: 'both',
    }
  },
  adminReturnReceive: async () => {
    const id = await aReturn('accepted')
    return {
      path: `/returns/${id}/receive`,
      body: { location: 'online', pieces: [{ position: 0, as_new: 1, damaged: 0, not_returned: 0 }] },
      action: 'return_request.receive',
      entityType: 'return_request',
      entityId: id,
      changes: 'both',
    }
  },
  adminReturnExchange: async () => {
    const id = await aReturn('received')
    return {
      path: `/returns/${id}/exchange`,
      action: 'return_request.exchange',
      entityType: 'return_request',
      entityId: id,
      changes: 'both',
    }
  },
  adminReturnRefund: async () => {
    const id = await aReturn('received')
    return {
      path: `/returns/${id}/refund`,
      action: 'return_request.refund',
      entityType: 'return_request',
      entityId: id,
      changes: 'both',
    }
  },
}

/** An order with a transfer slip waiting for review (as a slip whose QR could not be read leaves it). */
async function aSlipInReview(): Promise<{ number: string; id: string }> {
  const number = await anOrder()
  const [order] = await database.db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.number} = ${number}`)
  const [slip] = await database.db
    .insert(transferSlips)
    .values({
      orderId: order?.id ?? '',
      status: 'review',
      reason: 'no_qr',
      file: 'none.jpeg',
      contentType: 'image/jpeg',
      bytes: 0,
      provider: 'demo',
    })
    .returning({ id: transferSlips.id })
  return { number, id: slip?.id ?? '' }
}

/** An order paid and waiting to be packed. */
async function aPaidOrder(): Promise<string> {
  const number = await anOrder()
  await database.db.execute(sql`UPDATE orders SET status = 'paid' WHERE number = ${number}`)
  return number
}

/** The writes of the document: every operation but a GET, and a GET that asks for step-up (an export). */
function writes(): Operation[] {
  return everyOperation.filter((operation) => operation.method !== 'GET' || operation.stepUp)
}

const valueOf = (value: string | ((reply: StaffReply) => string), reply: StaffReply) =>
  typeof value === 'string' ? value : value(reply)

describe('every write is audited (from the OpenAPI document)', () => {
  it('has an example for every write, or its reason for leaving no entry in UNAUDITED', () => {
    const ids = writes().map((operation) => operation.operationId)
    for (const id of Object.keys(EXAMPLES)) expect(UNAUDITED[id], id).toBeUndefined()
    expect(ids.sort()).toEqual([...Object.keys(EXAMPLES), ...Object.keys(UNAUDITED)].sort())
  })

  it('records each, with who, what, the entity, before and after, the IP and the request id', async () => {
    const owner = ownerOf()
    for (const operation of writes().filter((candidate) => candidate.operationId in EXAMPLES)) {
      const ip = h.ip()
      const example = await EXAMPLES[operation.operationId]?.(ip)
      if (!example) throw new Error(`no example for ${operation.operationId}`)
      if (!example.call) await h.stepUp(owner.staff, owner.cookie)
      const before = await auditCount()
      const call: StaffCall = {
        ...(example.call ?? { cookie: owner.cookie }),
        ip,
        ...(example.body === undefined ? {} : { body: example.body }),
      }
      const reply = await h.call(operation.method, example.path, call)
      const where = `${operation.operationId}: ${reply.text.slice(0, 300)}`
      expect(reply.status, where).toBeLessThan(300)
      const entry = (await entriesSince(before)).find((candidate) => candidate.action === example.action)
      expect(entry, where).toMatchObject({
        actorType: 'staff',
        actorId: example.actor ? valueOf(example.actor.id, reply) : owner.staff.id,
        actorLabel: example.actor?.label ?? owner.staff.email,
        entityType: example.entityType,
        entityId: valueOf(example.entityId, reply),
        ip,
        requestId: reply.headers.get('x-request-id'),
      })
      if (example.changes !== 'after') expect(entry?.before, `${where}: before`).not.toBeNull()
      if (example.changes !== 'before') expect(entry?.after, `${where}: after`).not.toBeNull()
    }
  })
})
