import { asc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orderDiscounts } from '~/db/schema'
import type { DiscountLine } from '~/domain/orders'

/** The discounts of an order, each on its own line (issue 29 item 7), in the order they were taken. */
export async function orderDiscountLines(db: Db, orderId: string): Promise<DiscountLine[]> {
  return db
    .select({ kind: orderDiscounts.kind, code: orderDiscounts.code, amount: orderDiscounts.amount })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId))
    .orderBy(asc(orderDiscounts.position))
}
