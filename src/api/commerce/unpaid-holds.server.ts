import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orderItems, orders } from '~/db/schema'
import { unpaidHoldRefusal, type UnpaidHeld, type UnpaidHoldLimits, type UnpaidRefusal } from '~/domain/unpaid-holds'
import { ApiError } from '~/api/errors'

/**
 * The limits on what unpaid orders hold (issue 29 item 3, decision 038), read from the orders themselves
 * (shared by every instance, kept over restarts): the orders awaiting payment placed within the window from a
 * connection (`orders.placed_from`), or for an e-mail or a telephone.
 */

/** What the unpaid orders matching `where` hold: how many orders, and units per size. */
async function held(db: Db, where: SQL, since: Date): Promise<UnpaidHeld> {
  const rows = await db
    .select({ id: orders.id, sku: orderItems.sku, quantity: orderItems.quantity })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.status, 'awaiting_payment'), gt(orders.createdAt, since), where))
  const units = new Map<string, number>()
  for (const row of rows) if (row.sku) units.set(row.sku, (units.get(row.sku) ?? 0) + (row.quantity ?? 0))
  return { orders: new Set(rows.map((row) => row.id)).size, units }
}

export function heldByConnection(db: Db, placedFrom: string, since: Date): Promise<UnpaidHeld> {
  return held(db, eq(orders.placedFrom, placedFrom), since)
}

export function heldByContact(db: Db, contact: { email: string; telephone: string }, since: Date): Promise<UnpaidHeld> {
  return held(db, or(eq(orders.email, contact.email), eq(orders.telephone, contact.telephone)) ?? sql`false`, since)
}

const MESSAGES: Record<UnpaidRefusal, string> = {
  connection: 'Too many unpaid orders from this connection: pay or cancel one first',
  contact: 'Too many unpaid orders for this e-mail or telephone: pay or cancel one first',
  units: 'Unpaid orders already hold this size: pay or cancel them first',
}

/** 429 UNPAID_LIMIT, `fields.unpaid` naming the limit (and the size, for units), so checkout can say which. */
export function unpaidLimitError(refusal: UnpaidRefusal, sku?: string): ApiError {
  return new ApiError(429, 'UNPAID_LIMIT', MESSAGES[refusal], {
    fields: { unpaid: refusal, ...(sku ? { [sku]: 'unpaidUnits' } : {}) },
  })
}

/**
 * In the order's transaction, before any stock is taken: the connection and the contact are locked for the rest of
 * the transaction (two orders of one connection at once take turns, so neither slips past the count), then what
 * they hold is counted with this order's lines.
 */
export async function assertUnpaidHolds(
  tx: Db,
  order: {
    placedFrom: string
    email: string
    telephone: string
    lines: ReadonlyArray<{ sku: string; quantity: number }>
  },
  limits: UnpaidHoldLimits,
  since: Date,
): Promise<void> {
  const keys = [`hold:ip:${order.placedFrom}`, `hold:email:${order.email}`, `hold:tel:${order.telephone}`].toSorted()
  for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`)
  const [connection, contact] = [
    await heldByConnection(tx, order.placedFrom, since),
    await heldByContact(tx, order, since),
  ]
  const refusal = unpaidHoldRefusal({ connection, contact }, order.lines, limits)
  if (!refusal) return
  const sku =
    refusal === 'units'
      ? order.lines.find((line) => Math.max(connection.units.get(line.sku) ?? 0, contact.units.get(line.sku) ?? 0) > 0)
          ?.sku
      : undefined
  throw unpaidLimitError(refusal, sku)
}
