import { type Db } from '~/db/client.server'
import { stores } from '~/db/schema'

export type StoreName = { id: string; nameTh: string; nameEn: string }

const STORE_CACHE_MS = 60_000

/**
 * The branches by id, read at most once a minute (they come with the catalog and hardly ever change): checkout checks
 * a pick-up branch against them, an order's view names its branch.
 */
export class StoreNames {
  private cache: { at: number; byId: Map<string, StoreName> } | null = null
  constructor(private readonly db: Db) {}

  async byId(): Promise<Map<string, StoreName>> {
    if (this.cache && Date.now() - this.cache.at < STORE_CACHE_MS) return this.cache.byId
    const rows = await this.db.select({ id: stores.id, nameTh: stores.nameTh, nameEn: stores.nameEn }).from(stores)
    this.cache = { at: Date.now(), byId: new Map(rows.map((row) => [row.id, row])) }
    return this.cache.byId
  }
}
