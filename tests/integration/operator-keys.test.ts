import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor } from '~/api/admin/actor'
import { denialAction } from '~/api/admin/audit.server'
import { auditLog, products, stockMovements, variants } from '~/db/schema'
import { OPERATOR_STOCK_NOTE } from '~/api/commerce/shelf.service'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  ORDER_STATUS_PERMISSIONS,
  STAFF_PERMISSIONS,
  type BuiltInRole,
  type StaffPermission,
} from '~/domain/staff-permissions'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { thaiAddress } from './support/address'
import { jsonCaller, type Json, type JsonReply } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

/**
 * The product API's back-office calls (`/operator/…`) on API keys (issue 31 item 3, decision 174): each operation of
 * the product document names the permissions it needs; a key of a role without them is refused 403 and the refusal
 * audited (decision 179); with them the change happens and its audit entry (who, what, the entity, before and after,
 * IP, request id) is written with it. The deprecated OPERATOR_TOKEN still works, audited as `operator-token`.
 */

const SYSTEM = { actor: systemActor('test', STAFF_PERMISSIONS), ip: null, requestId: null }
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
const call = jsonCaller(() => app)
/** An API key of each built-in role, and its id (the audit log's actor id). */
const keys = new Map<BuiltInRole, { key: string; id: string }>()

type OperatorOperation = {
  method: string
  path: string
  operationId: string
  permissions: StaffPermission[]
  byStatus: Record<string, StaffPermission> | null
  schemes: string[]
}
const operations: OperatorOperation[] = []

let ipSequence = 0
const nextIp = () => `10.74.0.${++ipSequence}`

function keyOf(role: BuiltInRole) {
  const found = keys.get(role)
  if (!found) throw new Error(`no key of ${role}`)
  return found
}

function asKey(role: BuiltInRole | string, ip = nextIp()) {
  const key = typeof role === 'string' && role.startsWith('sk_') ? role : keyOf(role as BuiltInRole).key
  return { authorization: `Bearer ${key}`, 'x-forwarded-for': ip }
}

let orderSequence = 0
let plainSku = ''

/** A guest order of one plain piece (bank transfer): its number and the guest's order token header. */
async function placeOrder() {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku: plainSku, quantity: 1 } })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const placed = await call('POST', '/orders?currency=thb&lang=th', {
    body: {
      email: 'somsri@example.com',
      telephone: '0812345678',
      shipping_method: 'courier',
      address: thaiAddress,
      payment_method: 'bank_transfer',
    },
    headers: { 'x-cart-token': String(added.body.cart_token), 'idempotency-key': `operator-keys-${++orderSequence}` },
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return {
    number: String((placed.body.order as Json).number),
    headers: { 'x-order-token': String(placed.body.access_token) },
  }
}

async function move(number: string, statuses: string[]) {
  for (const status of statuses) {
    const role = (Object.keys(BUILT_IN_ROLE_PERMISSIONS) as BuiltInRole[]).find((candidate) =>
      BUILT_IN_ROLE_PERMISSIONS[candidate].includes(ORDER_STATUS_PERMISSIONS[status as 'paid']),
    )
    const moved = await call('POST', `/operator/orders/${number}/status`, {
      body: { status },
      headers: asKey(role ?? 'owner'),
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
}

/** A return request of a received order: its id. */
async function returnRequest(): Promise<string> {
  const { number, headers } = await placeOrder()
  await move(number, ['paid', 'packed', 'in_transit', 'received'])
  const asked = await call('POST', `/orders/${number}/return-requests`, {
    body: { kind: 'return', reason: 'size_does_not_fit', items: [{ position: 0, quantity: 1 }] },
    headers,
  })
  expect(asked.status, JSON.stringify(asked.body)).toBe(201)
  return String((asked.body.returns as Json[])[0]?.id)
}

async function auditCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(auditLog)
  return row?.count ?? 0
}

async function entriesSince(before: number) {
  return (await database.db.select().from(auditLog).orderBy(auditLog.id)).slice(before)
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({ db: database.db, storeKeys: ['demo'], commerce: { operatorToken: OPERATOR } })
  for (const role of BUILT_IN_ROLES) {
    const created = await app.adminServices.apiKeys.create({ name: `${role} key`, roleId: role }, SYSTEM)
    keys.set(role, { key: created.key, id: created.id })
  }
  const [row] = await database.db
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      sql`cardinality(${products.tags}) = 0 AND ${products.categorySlug} NOT IN ('shoes', 'jewelry', 'accessories')`,
    )
    .orderBy(variants.sku)
    .limit(1)
  if (!row) throw new Error('no plain product')
  plainSku = row.sku
  await database.db.update(variants).set({ stockOnline: 1000 }).where(eq(variants.sku, plainSku))

  const document = app.openApiDocument()
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.includes('/operator/')) continue
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method] as
        | {
            operationId?: string
            security?: Array<Record<string, string[]>>
            'x-permissions'?: StaffPermission[]
            'x-permissions-by-status'?: Record<string, StaffPermission>
          }
        | undefined
      if (!operation) continue
      operations.push({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/public\/\{storeKey\}/, ''),
        operationId: operation.operationId ?? '',
        permissions: operation['x-permissions'] ?? [],
        byStatus: operation['x-permissions-by-status'] ?? null,
        schemes: (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
      })
    }
  }
})

afterAll(async () => {
  await database?.close()
})

/** A valid call of each operator operation on records that need not exist: the permission is checked first. */
const PROBES: Record<string, { path: string; body?: unknown }> = {
  setProductPrice: { path: '/operator/products/no-such-product/price', body: { price_thb: 1000, price_usd: 3000 } },
  setVariantStock: { path: '/operator/variants/NO-SUCH-SKU/stock', body: { stock_online: 3 } },
  changeOrderStatus: { path: '/operator/orders/AS000000000/status', body: { status: 'packed' } },
  listReturnRequests: { path: '/operator/returns' },
  getReturnRequest: { path: '/operator/returns/00000000-0000-4000-8000-000000000000' },
  acceptReturnRequest: { path: '/operator/returns/00000000-0000-4000-8000-000000000000/accept', body: {} },
  rejectReturnRequest: { path: '/operator/returns/00000000-0000-4000-8000-000000000000/reject', body: { note: 'no' } },
  completeReturnRequest: { path: '/operator/returns/00000000-0000-4000-8000-000000000000/complete', body: {} },
  addShipment: {
    path: '/operator/orders/AS000000000/shipments',
    body: { carrier: 'thailand_post', tracking_number: 'EF123456789TH' },
  },
  listPixelEventQueue: { path: '/operator/pixel-events?event_id=no-such-event' },
}

/** The permissions a probe needs: the operation's, or the one of the status it asks. */
function needsOf(operation: OperatorOperation): StaffPermission[] {
  if (!operation.byStatus) return operation.permissions
  const status = (PROBES[operation.operationId]?.body as { status: string }).status
  const permission = operation.byStatus[status]
  return permission ? [permission] : []
}

describe('the operator calls in the product document', () => {
  it('each takes an API key (or the deprecated token) and names the permissions it needs', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10)
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(PROBES).sort())
    for (const operation of operations) {
      expect(operation.schemes, operation.operationId).toEqual(['apiKey', 'operatorToken'])
      expect(operation.permissions.length > 0 || operation.byStatus !== null, operation.operationId).toBe(true)
    }
    expect(operations.find((operation) => operation.operationId === 'changeOrderStatus')?.byStatus).toEqual(
      ORDER_STATUS_PERMISSIONS,
    )
  })
})

describe('a key of a role without the permission', () => {
  it('is refused 403 on every operator call, and the refusal is audited', async () => {
    for (const operation of operations) {
      const needs = needsOf(operation)
      const role = BUILT_IN_ROLES.find((candidate) =>
        needs.some((permission) => !BUILT_IN_ROLE_PERMISSIONS[candidate].includes(permission)),
      )
      if (!role) throw new Error(`every role holds ${needs.join(', ')}`)
      const probe = PROBES[operation.operationId]
      if (!probe) throw new Error(`no probe of ${operation.operationId}`)
      const before = await auditCount()
      const ip = nextIp()
      const reply = await call(operation.method, probe.path, { body: probe.body, headers: asKey(role, ip) })
      const where = `${role} ${operation.operationId}: ${JSON.stringify(reply.body)}`
      expect(reply.status, where).toBe(403)
      expect(reply.body.reason, where).toBe('PERMISSION_DENIED')
      expect(await entriesSince(before), where).toMatchObject([
        {
          actorType: 'api_key',
          actorId: keyOf(role).id,
          action: denialAction(operation.operationId),
          entityType: 'request',
          entityId: `${operation.method} ${probe.path.split('?')[0]}`,
          after: { reason: 'PERMISSION_DENIED', needs },
          ip,
          requestId: reply.headers.get('x-request-id'),
        },
      ])
    }
  })

  it('moves an order only to the statuses its role may: the warehouse packs, it does not confirm payments', async () => {
    const { number } = await placeOrder()
    const paid = await call('POST', `/operator/orders/${number}/status`, {
      body: { status: 'paid' },
      headers: asKey('warehouse'),
    })
    expect(paid.status).toBe(403)
    await move(number, ['paid'])
    const packed = await call('POST', `/operator/orders/${number}/status`, {
      body: { status: 'packed' },
      headers: asKey('warehouse'),
    })
    expect(packed.status, JSON.stringify(packed.body)).toBe(200)
  })

  it('no key, a revoked key or a wrong one is 401, not audited (no actor to name)', async () => {
    const revoked = await app.adminServices.apiKeys.create({ name: 'Old', roleId: 'owner' }, SYSTEM)
    await app.adminServices.apiKeys.revoke(revoked.id, SYSTEM)
    const before = await auditCount()
    const probe = PROBES.setVariantStock ?? { path: '' }
    const callers: Array<Record<string, string>> = [
      {},
      asKey(revoked.key),
      { authorization: 'Bearer sk_aaaaaaaaaaaa_wrong' },
    ]
    for (const headers of callers) {
      const reply = await call('PUT', probe.path, { body: probe.body, headers })
      expect(reply.status).toBe(401)
    }
    expect(await auditCount()).toBe(before)
  })
})

/** A real change by each write operation, made ready first, and the entry it must leave. */
type Write = {
  role: BuiltInRole
  path: string
  body: unknown
  action: string
  entityType: string
  entityId: string
  /** What the change did, read from the database after it. */
  check: () => Promise<void>
  changes: 'after' | 'both'
}

const WRITES: Record<string, () => Promise<Write>> = {
  setProductPrice: async () => {
    const [product] = await database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1)
    const id = String(product?.id)
    return {
      role: 'manager',
      path: `/operator/products/${id}/price`,
      body: { price_thb: 123_400, price_usd: 3_900 },
      action: 'product.set_price',
      entityType: 'product',
      entityId: id,
      changes: 'both',
      check: async () => {
        const [row] = await database.db.select().from(products).where(eq(products.id, id))
        expect(row?.priceThb).toBe(123_400)
        // An old price not above the price is refused, field by field, and nothing changes.
        const below = await call('PUT', `/operator/products/${id}/price`, {
          headers: asKey('manager'),
          body: { price_thb: 100_000, price_usd: 3_000, compare_at_thb: 90_000, compare_at_usd: 3_000 },
        })
        expect(below.status).toBe(400)
        expect(below.body.fields).toEqual({ compare_at_thb: 'invalid', compare_at_usd: 'invalid' })
        const [after] = await database.db.select().from(products).where(eq(products.id, id))
        expect(after?.priceThb).toBe(123_400)
      },
    }
  },
  setVariantStock: async () => ({
    role: 'warehouse',
    path: `/operator/variants/${plainSku}/stock`,
    body: { stock_online: 777 },
    action: 'variant.set_stock',
    entityType: 'variant',
    entityId: plainSku,
    changes: 'both',
    check: async () => {
      const [row] = await database.db.select().from(variants).where(eq(variants.sku, plainSku))
      expect(row?.stockOnline).toBe(777)
      // The size's stock ledger has the count, by the key, as the back office's history shows it.
      const ledger = await database.db.select().from(stockMovements).where(eq(stockMovements.sku, plainSku))
      expect(ledger.at(-1)).toMatchObject({
        actorType: 'api_key',
        location: 'online',
        quantityAfter: 777,
        reason: 'count',
        note: OPERATOR_STOCK_NOTE,
      })
    },
  }),
  changeOrderStatus: async () => {
    const { number, headers } = await placeOrder()
    return {
      role: 'customer_service',
      path: `/operator/orders/${number}/status`,
      body: { status: 'paid' },
      action: 'order.change_status',
      entityType: 'order',
      entityId: number,
      changes: 'both',
      check: async () => {
        const order = await call('GET', `/orders/${number}`, { headers })
        expect((order.body.order as Json | undefined)?.status ?? order.body.status).toBe('paid')
      },
    }
  },
  addShipment: async () => {
    const { number, headers } = await placeOrder()
    await move(number, ['paid'])
    return {
      role: 'warehouse',
      path: `/operator/orders/${number}/shipments`,
      body: { carrier: 'thailand_post', tracking_number: 'EF123456789TH' },
      action: 'order.add_shipment',
      entityType: 'order',
      entityId: number,
      changes: 'after',
      check: async () => {
        const order = await call('GET', `/orders/${number}`, { headers })
        expect(JSON.stringify(order.body)).toContain('EF123456789TH')
      },
    }
  },
  ...Object.fromEntries(
    (['accept', 'reject', 'complete'] as const).map((action) => [
      `${action}ReturnRequest`,
      async (): Promise<Write> => {
        const id = await returnRequest()
        if (action === 'complete') {
          const accepted = await call('POST', `/operator/returns/${id}/accept`, { body: {}, headers: asKey('owner') })
          expect(accepted.status).toBe(200)
        }
        const status = { accept: 'accepted', reject: 'rejected', complete: 'completed' }[action]
        return {
          role: 'customer_service',
          path: `/operator/returns/${id}/${action}`,
          body: action === 'reject' ? { note: 'Worn' } : {},
          action: `return_request.${action}`,
          entityType: 'return_request',
          entityId: id,
          changes: 'both',
          check: async () => {
            const read = await call('GET', `/operator/returns/${id}`, { headers: asKey('read_only') })
            expect(read.body.status).toBe(status)
          },
        }
      },
    ]),
  ),
}

describe('a key of a role with the permission', () => {
  it('has a write for every operator operation that is not a GET', () => {
    expect(
      operations
        .filter((operation) => operation.method !== 'GET')
        .map((operation) => operation.operationId)
        .sort(),
    ).toEqual(Object.keys(WRITES).sort())
  })

  it('makes each change, audited with it: who, what, the entity, before and after, the IP and the request id', async () => {
    for (const operation of operations.filter((candidate) => candidate.method !== 'GET')) {
      const write = await WRITES[operation.operationId]?.()
      if (!write) throw new Error(`no write of ${operation.operationId}`)
      const before = await auditCount()
      const ip = nextIp()
      const reply: JsonReply = await call(operation.method, write.path, {
        body: write.body,
        headers: asKey(write.role, ip),
      })
      const where = `${operation.operationId}: ${JSON.stringify(reply.body)}`
      expect(reply.status, where).toBeLessThan(300)
      await write.check()
      const entries = await entriesSince(before)
      expect(entries, where).toHaveLength(1)
      expect(entries[0], where).toMatchObject({
        actorType: 'api_key',
        actorId: keyOf(write.role).id,
        actorLabel: `${write.role} key (sk_${keyOf(write.role).key.slice(3, 15)})`,
        action: write.action,
        entityType: write.entityType,
        entityId: write.entityId,
        ip,
        requestId: reply.headers.get('x-request-id'),
      })
      expect(entries[0]?.after, `${where}: after`).not.toBeNull()
      if (write.changes === 'both') expect(entries[0]?.before, `${where}: before`).not.toBeNull()
    }
  })

  it('reads the return requests and the pixel queue with the read permissions, writing nothing', async () => {
    const before = await auditCount()
    expect((await call('GET', '/operator/returns', { headers: asKey('read_only') })).status).toBe(200)
    expect(
      (await call('GET', '/operator/pixel-events?event_id=none', { headers: asKey('customer_service') })).status,
    ).toBe(200)
    expect(await auditCount()).toBe(before)
  })
})

describe('the deprecated OPERATOR_TOKEN', () => {
  it('still works as the system actor operator-token, audited with the change', async () => {
    const { number } = await placeOrder()
    const before = await auditCount()
    const reply = await call('POST', `/operator/orders/${number}/status`, {
      body: { status: 'paid' },
      headers: { ...operatorAuth, 'x-forwarded-for': '10.74.1.1', 'x-request-id': 'erp-sync-42' },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('x-request-id')).toBe('erp-sync-42')
    expect(await entriesSince(before)).toMatchObject([
      {
        actorType: 'system',
        actorId: 'operator-token',
        actorLabel: 'operator-token',
        action: 'order.change_status',
        entityType: 'order',
        entityId: number,
        before: { status: 'awaiting_payment' },
        after: { status: 'paid' },
        ip: '10.74.1.1',
        requestId: 'erp-sync-42',
      },
    ])
  })
})
