import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { products, wishlistItems, type ProductRow } from '~/db/schema'
import { ApiError } from '~/api/errors'

/** The member's wishlist (§2, §6): the products kept, newest first. A cart line moves here through the cart service. */
export class WishlistService {
  constructor(private readonly db: Db) {}

  /** The member's wishlist, newest first, as catalog rows (the catalog turns them into summaries). */
  async list(memberId: string): Promise<ProductRow[]> {
    const rows = await this.db
      .select({ product: products })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      // A model taken out of the shop leaves the list while it is out (decision 195); the member's entry stays.
      .where(and(eq(wishlistItems.memberId, memberId), eq(products.status, 'published')))
      .orderBy(desc(wishlistItems.createdAt))
    return rows.map(({ product }) => product)
  }

  async add(memberId: string, productId: string): Promise<void> {
    const [product] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.status, 'published')))
    if (!product) throw new ApiError(404, 'NOT_FOUND', 'NO PRODUCT FOUND')
    await this.db.insert(wishlistItems).values({ memberId, productId }).onConflictDoNothing()
  }

  async remove(memberId: string, productId: string): Promise<void> {
    await this.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.memberId, memberId), eq(wishlistItems.productId, productId)))
  }
}
