import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { shopEventCounts } from '~/db/schema'
import { bangkokDay, type ShopEvent } from '~/domain/shop-events'

/**
 * The shop's own funnel counter (issue 33 item 3, decision 202): one upsert of (Bangkok day, step) + 1 where the step
 * happens. It never fails the shopper's request: a counter that cannot be written is logged and forgotten (a funnel a
 * count short is better than an order refused). Call it outside any open transaction (PGlite has one connection).
 */
export class ShopEvents {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly warn: (message: string, error: unknown) => void = (message, error) => console.warn(message, error),
  ) {}

  async count(event: ShopEvent): Promise<void> {
    try {
      await this.db
        .insert(shopEventCounts)
        .values({ day: bangkokDay(this.now()), event, count: 1 })
        .onConflictDoUpdate({
          target: [shopEventCounts.day, shopEventCounts.event],
          set: { count: sql`${shopEventCounts.count} + 1` },
        })
    } catch (error) {
      this.warn(`shop event ${event} not counted`, error)
    }
  }
}
