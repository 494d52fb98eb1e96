import { asc, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { products, variants } from '~/db/schema'

/** `text` for a LIKE pattern: its own %, _ and \ matched as themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * The back office's product finder (stock, pictures): the ids of the models (families) whose name in either language,
 * id, SKU or barcode holds `q`, 25 at most, in id order; every model when `q` is empty.
 */
export async function modelsMatching(db: Pick<Db, 'selectDistinct'>, q: string | undefined): Promise<string[]> {
  const term = (q ?? '').trim().toLowerCase()
  const like = `%${escapeLike(term)}%`
  const matching = term
    ? or(
        sql`lower(${products.nameTh}) like ${like}`,
        sql`lower(${products.nameEn}) like ${like}`,
        sql`lower(${products.familyId}) like ${like}`,
        sql`EXISTS (SELECT 1 FROM ${variants} v WHERE v.product_id = ${products.id} AND (lower(v.sku) LIKE ${like} OR v.barcode LIKE ${like}))`,
      )
    : undefined
  const families = await db
    .selectDistinct({ familyId: products.familyId })
    .from(products)
    .where(matching)
    .orderBy(asc(products.familyId))
    .limit(25)
  return families.map((family) => family.familyId)
}
