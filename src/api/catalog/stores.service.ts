import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { products, stores, storeStock, variants, type StoreRow } from '~/db/schema'
import type { Lang, StoreWire } from '~/contract/catalog'
import { mapUrl, pick } from './localise'

/** The brand's stores, and which sizes of a product each holds (find in store). */
export class StoreService {
  constructor(private readonly db: Db) {}

  private storeWire(row: StoreRow, lang: Lang): StoreWire {
    return {
      id: row.id,
      name: pick(lang, row.nameTh, row.nameEn),
      address: pick(lang, row.addressTh, row.addressEn),
      city: pick(lang, row.cityTh, row.cityEn),
      latitude: row.latitude,
      longitude: row.longitude,
      phone: row.phone,
      hours: row.hours,
      map_url: mapUrl(row.latitude, row.longitude),
    }
  }

  async listStores(lang: Lang) {
    const rows = await this.db.select().from(stores).orderBy(asc(stores.position))
    return rows.map((row) => this.storeWire(row, lang))
  }

  /** Which sizes of a product each store holds (find in store); null for an unknown product. */
  async productStores(productId: string, lang: Lang, size: string | undefined) {
    const [product] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.status, 'published')))
    if (!product) return null
    const conditions = [eq(variants.productId, productId), gt(storeStock.quantity, 0)]
    if (size) conditions.push(eq(variants.size, size))
    const [storeRows, stockRows] = await Promise.all([
      this.db.select().from(stores).orderBy(asc(stores.position)),
      this.db
        .select({
          storeId: storeStock.storeId,
          size: variants.size,
          quantity: storeStock.quantity,
          position: variants.position,
        })
        .from(storeStock)
        .innerJoin(variants, eq(variants.sku, storeStock.sku))
        .where(and(...conditions))
        .orderBy(asc(variants.position)),
    ])
    return {
      product_id: productId,
      stores: storeRows.map((row) => ({
        ...this.storeWire(row, lang),
        sizes: stockRows
          .filter((stock) => stock.storeId === row.id)
          .map((stock) => ({ size: stock.size, quantity: stock.quantity })),
      })),
    }
  }
}
