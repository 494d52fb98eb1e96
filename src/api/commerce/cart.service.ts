import { bundlePricesOf } from './mix-match-prices.server'
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { resultRows, type Db } from '~/db/client.server'
import { cartItems, carts, products, variants, wishlistItems, type CartRow, type CurrencyCode } from '~/db/schema'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import { ApiError } from '~/api/errors'
import { assertCartWithinRange } from './amount-guards'
import {
  cartView,
  emptyView,
  LINE_PRODUCT,
  LINE_VARIANT,
  lineView,
  type CartItemRow,
  type CartView,
  type Lang,
} from './cart-view'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** At most this many of one size in one cart (a shop, not a wholesaler). */
export const MAX_QUANTITY_PER_LINE = 10
/** How long after ordering a member's empty cart still says the items were purchased. */
const PURCHASED_NOTICE_MS = 60 * 60 * 1000

/** At most this many lines in one cart. */
export const MAX_CART_LINES = 50

export type CartOwner = { memberId: string | null; token: string | null }

function outOfStock(stock: number): ApiError {
  return new ApiError(409, 'OUT_OF_STOCK', 'This item is out of stock. Please remove from cart', {
    fields: { quantity: String(stock) },
  })
}

/**
 * A new line; a line of the same size that another request of the shopper added at the same moment gets
 * the quantity added to it (within the per-line limit) instead of failing on the unique (cart, size) index.
 */
function insertLine(db: Db, line: typeof cartItems.$inferInsert) {
  return db
    .insert(cartItems)
    .values(line)
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.sku],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY_PER_LINE})`,
        unitPrice: sql`excluded.unit_price`,
        currency: sql`excluded.currency`,
      },
    })
}

/**
 * Carts (§2, §5): a guest's cart is found by its cookie token, a member's by the member. Every view
 * re-prices the lines from the catalog: changed prices, sizes sold out meanwhile and items of another
 * region are flagged, and such items block payment.
 */
export class CartService {
  constructor(private readonly db: Db) {}

  /** The shopper's open cart, or the last one when it was ordered (to say so), or null. */
  async find(owner: CartOwner): Promise<CartRow | null> {
    if (owner.memberId) {
      const [open] = await this.db
        .select()
        .from(carts)
        .where(and(eq(carts.memberId, owner.memberId), eq(carts.status, 'open')))
      if (open) return open
    }
    if (owner.token) {
      const [byToken] = await this.db
        .select()
        .from(carts)
        .where(eq(carts.tokenHash, sha256(owner.token)))
      if (byToken && (byToken.memberId === null || byToken.memberId === owner.memberId)) return byToken
    }
    return null
  }

  async view(owner: CartOwner, currency: CurrencyCode, lang: Lang): Promise<CartView> {
    const cart = await this.find(owner)
    if (!cart) return emptyView(currency, owner.memberId ? await this.orderedJustNow(owner.memberId) : false)
    if (cart.status !== 'open') return emptyView(currency, cart.status === 'ordered')
    return this.viewOf(cart, currency, lang)
  }

  /** A member whose last cart was ordered within the hour, and who has no new one, hears that it was paid (§8). */
  private async orderedJustNow(memberId: string): Promise<boolean> {
    const [last] = await this.db
      .select({ status: carts.status, updatedAt: carts.updatedAt })
      .from(carts)
      .where(eq(carts.memberId, memberId))
      .orderBy(desc(carts.updatedAt))
      .limit(1)
    return last?.status === 'ordered' && Date.now() - last.updatedAt.getTime() < PURCHASED_NOTICE_MS
  }

  async viewOf(cart: CartRow, currency: CurrencyCode, lang: Lang): Promise<CartView> {
    const rows = await this.db
      .select({ item: cartItems, product: LINE_PRODUCT, variant: LINE_VARIANT })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(variants, eq(variants.sku, cartItems.sku))
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.sku))
    return cartView(
      cart.id,
      currency,
      rows.map(({ item, product, variant }) => lineView(item, product, variant, currency, lang)),
      await bundlePricesOf(this.db),
    )
  }

  /**
   * Adds a size; the same size again adds to its line (at the current price and region). A cart made by
   * this request comes with its view, built from what was written (no second read).
   */
  async add(
    owner: CartOwner,
    input: { sku: string; quantity: number; currency: CurrencyCode; lang: Lang },
  ): Promise<{ cart: CartRow; newToken: string | null; view: CartView | null }> {
    const [found] = await this.db
      .select({ product: products, variant: variants })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(variants.sku, input.sku))
    // A model not published (a draft, one taken out of the shop) cannot be added (decision 195).
    if (!found || found.product.status !== 'published') throw new ApiError(404, 'NOT_FOUND', 'NO PRODUCT FOUND')
    const { product, variant } = found
    if (variant.stockOnline <= 0) {
      throw new ApiError(409, 'OUT_OF_STOCK', 'This item is out of stock. Please remove from cart')
    }
    const price = input.currency === 'thb' ? product.priceThb : product.priceUsd
    const line = { sku: input.sku, productId: product.id, unitPrice: price, currency: input.currency }
    const open = owner.memberId || owner.token ? await this.find(owner) : null
    if (open?.status === 'open') {
      await this.addToCart(open.id, line, input.quantity, variant.stockOnline)
      return { cart: open, newToken: null, view: null }
    }
    const quantity = Math.min(input.quantity, MAX_QUANTITY_PER_LINE)
    if (quantity > variant.stockOnline) throw outOfStock(variant.stockOnline)
    if (owner.memberId) {
      const [created] = await this.db
        .insert(carts)
        .values({ memberId: owner.memberId, currency: input.currency })
        .onConflictDoNothing()
        .returning()
      // Made by another request of the member at the same moment: add to that one.
      const cart = created ?? (await this.find({ memberId: owner.memberId, token: null }))
      if (!cart) throw new Error('Cart not created')
      await this.addToCart(cart.id, line, input.quantity, variant.stockOnline)
      return { cart, newToken: null, view: null }
    }
    // A guest's new cart and its first line in one statement (the line's foreign key is checked at its end).
    const token = randomToken(32)
    const now = new Date()
    const cart: CartRow = {
      id: randomUUID(),
      tokenHash: sha256(token),
      memberId: null,
      currency: input.currency,
      status: 'open',
      orderId: null,
      createdAt: now,
      updatedAt: now,
    }
    const item: CartItemRow = { id: randomUUID(), cartId: cart.id, ...line, quantity, addedAt: now }
    await this.db
      .with(this.db.$with('new_cart').as(this.db.insert(carts).values(cart)))
      .insert(cartItems)
      .values(item)
    const view = cartView(
      cart.id,
      input.currency,
      [lineView(item, { ...product, image: product.images[0] ?? null }, variant, input.currency, input.lang)],
      await bundlePricesOf(this.db),
    )
    return { cart, newToken: token, view }
  }

  /** Adds to an existing cart, locked while its lines are read and written. */
  private async addToCart(
    cartId: string,
    line: { sku: string; productId: string; unitPrice: number; currency: CurrencyCode },
    quantity: number,
    stock: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Touching the cart first locks it: adds to one cart from parallel requests take turns, none is lost.
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId))
      // The cart's lines in one read: the line of this size if there is one, and how many there are.
      const lines = await tx
        .select({
          id: cartItems.id,
          sku: cartItems.sku,
          quantity: cartItems.quantity,
          currency: cartItems.currency,
          unitPrice: cartItems.unitPrice,
          addedAt: cartItems.addedAt,
        })
        .from(cartItems)
        .where(eq(cartItems.cartId, cartId))
      const existing = lines.find((row) => row.sku === line.sku)
      // A line of another region is replaced: that is the "remove and add again" of §5.
      const base = existing && existing.currency === line.currency ? existing.quantity : 0
      const total = Math.min(base + quantity, MAX_QUANTITY_PER_LINE)
      if (total > stock) throw outOfStock(stock)
      // The lines of this currency as they will be: their total must fit an order (issue 29 item 4).
      assertCartWithinRange([
        ...lines.filter((row) => row.currency === line.currency && row.sku !== line.sku),
        { unitPrice: line.unitPrice, quantity: total },
      ])
      if (existing) {
        await tx
          .update(cartItems)
          .set({
            quantity: total,
            unitPrice: line.unitPrice,
            currency: line.currency,
            addedAt: existing.currency === line.currency ? existing.addedAt : new Date(),
          })
          .where(eq(cartItems.id, existing.id))
      } else {
        if (lines.length >= MAX_CART_LINES) throw new ApiError(409, 'LIMIT_REACHED', 'The cart is full')
        await insertLine(tx, { cartId, ...line, quantity: total })
      }
    })
  }

  private async ownLine(owner: CartOwner, lineId: string) {
    const cart = await this.find(owner)
    // A UUID, strictly: PostgreSQL refuses a look-alike such as 36 dashes (a 500 otherwise).
    if (!cart || cart.status !== 'open' || !UUID.test(lineId)) {
      throw new ApiError(404, 'NOT_FOUND', 'No such item in the cart')
    }
    const [line] = await this.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cart.id)))
    if (!line) throw new ApiError(404, 'NOT_FOUND', 'No such item in the cart')
    return { cart, line }
  }

  async setQuantity(owner: CartOwner, lineId: string, quantity: number): Promise<void> {
    const { line } = await this.ownLine(owner, lineId)
    const [variant] = await this.db
      .select({ stock: variants.stockOnline })
      .from(variants)
      .where(eq(variants.sku, line.sku))
    if (!variant || quantity > variant.stock) {
      throw new ApiError(409, 'OUT_OF_STOCK', 'This item is out of stock. Please remove from cart', {
        fields: { quantity: String(variant?.stock ?? 0) },
      })
    }
    const others = await this.db
      .select({ unitPrice: cartItems.unitPrice, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, line.cartId), eq(cartItems.currency, line.currency), ne(cartItems.id, line.id)))
    assertCartWithinRange([
      ...others,
      { unitPrice: line.unitPrice, quantity: Math.min(quantity, MAX_QUANTITY_PER_LINE) },
    ])
    await this.db
      .update(cartItems)
      .set({ quantity: Math.min(quantity, MAX_QUANTITY_PER_LINE) })
      .where(eq(cartItems.id, line.id))
  }

  async remove(owner: CartOwner, lineId: string): Promise<void> {
    const { line } = await this.ownLine(owner, lineId)
    await this.db.delete(cartItems).where(eq(cartItems.id, line.id))
  }

  /** Moves a line to the member's wishlist (guests must log in first, §6). */
  async moveToWishlist(owner: CartOwner, lineId: string): Promise<void> {
    if (!owner.memberId) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    const memberId = owner.memberId
    const { line } = await this.ownLine(owner, lineId)
    await this.db.transaction(async (tx) => {
      await tx.insert(wishlistItems).values({ memberId, productId: line.productId }).onConflictDoNothing()
      await tx.delete(cartItems).where(eq(cartItems.id, line.id))
    })
  }

  /** The shopper saw the new prices: the lines take them (the warning of §8 goes away). */
  async acceptPrices(owner: CartOwner): Promise<void> {
    const cart = await this.find(owner)
    if (!cart || cart.status !== 'open') return
    await this.db.execute(sql`
      UPDATE cart_items AS ci
      SET unit_price = CASE WHEN ci.currency = 'thb' THEN p.price_thb ELSE p.price_usd END
      FROM products AS p
      WHERE p.id = ci.product_id AND ci.cart_id = ${cart.id}`)
  }

  /**
   * §5 "an item added under another region … must be removed and re-added", in one step: every line of another
   * currency is added again in this one, at today's price there (its quantity kept, counted as new).
   */
  async moveToRegion(owner: CartOwner, currency: CurrencyCode): Promise<number> {
    const cart = await this.find(owner)
    if (!cart || cart.status !== 'open') return 0
    const moved = await this.db.execute(sql`
      UPDATE cart_items AS ci
      SET currency = ${currency},
          unit_price = CASE WHEN ${currency} = 'thb' THEN p.price_thb ELSE p.price_usd END,
          added_at = now()
      FROM products AS p
      WHERE p.id = ci.product_id AND ci.cart_id = ${cart.id} AND ci.currency <> ${currency}
      RETURNING ci.id`)
    return resultRows(moved).length
  }

  /**
   * At login the guest's cart joins the member's: quantities of the same size add up (within stock and the
   * line limit), the guest cart is closed as merged. Without a member cart, the guest cart becomes it.
   */
  async mergeGuestCart(memberId: string, guestToken: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [guest] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.tokenHash, sha256(guestToken)), isNull(carts.memberId), eq(carts.status, 'open')))
      if (!guest) return
      const [member] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.memberId, memberId), eq(carts.status, 'open')))
      if (!member) {
        await tx.update(carts).set({ memberId, tokenHash: null, updatedAt: new Date() }).where(eq(carts.id, guest.id))
        return
      }
      const guestLines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guest.id))
      const skus = guestLines.map((line) => line.sku)
      const stock = skus.length
        ? await tx
            .select({ sku: variants.sku, stock: variants.stockOnline })
            .from(variants)
            .where(inArray(variants.sku, skus))
        : []
      const stockOf = new Map(stock.map((row) => [row.sku, row.stock]))
      const memberLines = await tx.select().from(cartItems).where(eq(cartItems.cartId, member.id))
      for (const line of guestLines) {
        const existing = memberLines.find((candidate) => candidate.sku === line.sku)
        const limit = Math.max(1, Math.min(MAX_QUANTITY_PER_LINE, stockOf.get(line.sku) ?? 0))
        if (existing) {
          const sameRegion = existing.currency === line.currency
          await tx
            .update(cartItems)
            .set({
              quantity: Math.min(limit, sameRegion ? existing.quantity + line.quantity : line.quantity),
              unitPrice: line.unitPrice,
              currency: line.currency,
            })
            .where(eq(cartItems.id, existing.id))
        } else {
          await tx.insert(cartItems).values({
            cartId: member.id,
            sku: line.sku,
            productId: line.productId,
            quantity: Math.min(limit, line.quantity),
            unitPrice: line.unitPrice,
            currency: line.currency,
            addedAt: line.addedAt,
          })
        }
      }
      await tx.update(carts).set({ status: 'merged', updatedAt: new Date() }).where(eq(carts.id, guest.id))
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, member.id))
    })
  }
}
