import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm'
import { type Db } from '~/db/client.server'
import {
  cartItems,
  carts,
  idempotencyKeys,
  orderEvents,
  orderItems,
  orderMails,
  orders,
  payments,
  products,
  variants,
} from '~/db/schema'
import type { PaymentMethod } from '~/domain/orders'
import type { PricingResult } from '~/domain/pricing'
import { ApiError } from '~/api/errors'
import { orderMailValues } from '~/api/emails/order-mails.server'
import { lineColumns, type PricedLine } from './checkout-lines'
import { alertStaff } from '~/api/alerts/staff-alerts.server'
import { isLowStock } from '~/domain/stock'

/**
 * The writes of an order's placement, each a step of the one transaction of `CheckoutService.place` (issue 5,
 * docs/decisions/007): the cart closed, the stock taken, the order stored with its lines, event, payment, e-mail
 * and idempotency key.
 */

/** Thrown inside the order transaction to undo it when its idempotency key turns out to be taken. */
export class KeyAlreadyUsed extends Error {}

function orderNumberPrefix(now: Date): string {
  const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`
  return `AS${yymm}-`
}

/**
 * Closing the cart locks it (a second checkout of the same cart waits, then finds it closed); the same statement
 * reads its lines. No lines: the cart was closed before, or is empty.
 */
export function closeCart(tx: Db, cart: { cartId: string; orderId: string; now: Date }) {
  const closing = tx.$with('closing').as(
    tx
      .update(carts)
      .set({ status: 'ordered', orderId: cart.orderId, updatedAt: cart.now })
      .where(and(eq(carts.id, cart.cartId), eq(carts.status, 'open')))
      .returning({ id: carts.id }),
  )
  return tx
    .with(closing)
    .select(lineColumns)
    .from(closing)
    .innerJoin(cartItems, eq(cartItems.cartId, closing.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.sku, cartItems.sku))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.sku))
}

/** What the recomputed prices refuse: an undeliverable piece, a code this cart cannot use, a total not the one shown. */
export function assertPlaceable(priced: PricingResult, expectedTotal: number | null): void {
  if (priced.blocked.length > 0) {
    throw new ApiError(409, 'CART_BLOCKED', 'Some items cannot be delivered there', {
      fields: Object.fromEntries(
        priced.blocked.map((block) => ['sku' in block ? block.sku : 'shippingMethod', block.reason]),
      ),
    })
  }
  if (priced.promotionRejected) {
    throw new ApiError(409, 'PROMOTION_REJECTED', 'This code cannot be used for this cart', {
      fields: { promotionCode: priced.promotionRejected.reason },
    })
  }
  if (expectedTotal !== null && expectedTotal !== priced.total) {
    throw new ApiError(409, 'PRICES_CHANGED', 'SOME PRICES IN YOUR CART ARE NOT CURRENT.', {
      fields: { total: String(priced.total) },
    })
  }
}

/**
 * The stock of each line, never below zero; a size short of it refuses the order. A size this takes below its own
 * low-stock threshold (variants.low_stock_threshold, set in the back office's stock screen) is a low-stock event for staff alerts (issue 31 item 10), keyed by the size and the order.
 */
export async function takeStock(tx: Db, lines: readonly PricedLine[], orderId?: string): Promise<void> {
  // In the order of the sizes, so that two orders sharing sizes lock them in the same order.
  for (const line of lines.toSorted((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))) {
    const taken = await tx
      .update(variants)
      .set({ stockOnline: sql`${variants.stockOnline} - ${line.quantity}` })
      .where(
        and(
          eq(variants.sku, line.sku),
          sql`${variants.stockOnline} >= ${line.quantity}`,
          // Never a piece of a model that is not published (decision 195).
          sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${variants.productId} AND ${products.status} = 'published')`,
        ),
      )
      .returning({ sku: variants.sku, stock: variants.stockOnline, threshold: variants.lowStockThreshold })
    const [left] = taken
    if (!left) {
      throw new ApiError(409, 'OUT_OF_STOCK', 'This item is out of stock. Please remove from cart', {
        fields: { [line.sku]: 'outOfStock' },
      })
    }
    if (orderId && isLowStock(left.stock, left.threshold) && !isLowStock(left.stock + line.quantity, left.threshold)) {
      await alertStaff(tx, {
        kind: 'low_stock',
        key: `${line.sku}:${orderId}`,
        sku: line.sku,
        name: { th: line.nameTh, en: line.nameEn },
        size: line.size,
        stock: left.stock,
        threshold: left.threshold,
      })
    }
  }
}

/** The order's lines as stored: the names and size of the cart's line, the prices of the pricing engine. */
export function orderItemRows(orderId: string, priced: PricingResult, lines: readonly PricedLine[]) {
  return priced.lines.map((line, position) => {
    const source = lines[position]
    return {
      orderId,
      position,
      sku: line.sku,
      productId: line.productId,
      nameTh: source?.nameTh ?? line.productId,
      nameEn: source?.nameEn ?? line.productId,
      size: source?.size ?? '',
      categorySlug: line.category,
      tags: [...line.tags],
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      // Stored net of the line's share of mix-and-match (returns refund by it); shown at the shelf price.
      lineTotal: line.lineTotal - line.mixMatchDiscount,
    }
  })
}

export type NewOrder = {
  orderId: string
  idempotencyKey: string
  requestHash: string
  itemRows: Array<typeof orderItems.$inferInsert>
  event: typeof orderEvents.$inferInsert
  payment: { provider: string; method: PaymentMethod; amount: number }
  paymentDueAt: Date | null
  order: Omit<
    typeof orders.$inferInsert,
    'id' | 'number' | 'paymentDueAt' | 'createdAt' | 'updatedAt' | 'status' | 'paymentMethod'
  > & { paymentMethod: PaymentMethod }
  now: Date
}

/**
 * The order, its lines, its first event, its payment row, its confirmation e-mail and the idempotency key in one
 * statement (the foreign keys are checked at its end). The key goes in with its order: a key already used (for
 * another cart) undoes the whole transaction (KeyAlreadyUsed).
 */
export async function insertOrder(tx: Db, placed: NewOrder) {
  const { orderId, now, paymentDueAt } = placed
  const newItems = tx.$with('new_items').as(tx.insert(orderItems).values(placed.itemRows))
  const newEvent = tx.$with('new_event').as(tx.insert(orderEvents).values(placed.event))
  const newPayment = tx
    .$with('new_payment')
    .as(tx.insert(payments).values({ orderId, ...placed.payment, currency: placed.order.currency }))
  // The order confirmation, owed from the moment the order exists (sent by the e-mail worker).
  const newMail = tx
    .$with('new_mail')
    .as(
      tx
        .insert(orderMails)
        .values(
          orderMailValues(
            { kind: 'order_placed', orderId, data: { paymentDeadline: paymentDueAt?.toISOString() ?? null } },
            now,
          ),
        ),
    )
  const claim = tx
    .$with('claim')
    .as(
      tx
        .insert(idempotencyKeys)
        .values({ key: placed.idempotencyKey, requestHash: placed.requestHash, orderId })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key }),
    )
  const [stored] = await tx
    .with(newItems, newEvent, newPayment, newMail, claim)
    .insert(orders)
    .values({
      ...placed.order,
      id: orderId,
      // The number comes from a sequence shared by all instances: AS{yymm}-{nnnnn}.
      number: sql`${orderNumberPrefix(now)} || lpad(nextval('order_number_seq')::text, 5, '0')`,
      status: 'awaiting_payment',
      paymentDueAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ ...getTableColumns(orders), claimed: sql<number>`(SELECT count(*) FROM ${claim})::int` })
  if (!stored) throw new Error('Order not stored')
  const { claimed, ...order } = stored
  if (claimed !== 1) throw new KeyAlreadyUsed()
  return order
}
