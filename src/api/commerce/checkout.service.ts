import { randomUUID } from 'node:crypto'
import { type Db } from '~/db/client.server'
import { carts, idempotencyKeys, orderDiscounts, orders, type CurrencyCode } from '~/db/schema'
import { eq } from 'drizzle-orm'
import type { DiscountKind, DiscountLine, PaymentMethod, ShippingMethod } from '~/domain/orders'
import { discountLines, priceCart, type PricingResult } from '~/domain/pricing'
import type { Promotion } from '~/domain/promotions'
import { promotionOf } from '~/domain/promotion-codes'
import { deliveryTerms, shippingFeeReason, type ShippingFeeReason } from '~/domain/shipping'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import { ApiError } from '~/api/errors'
import type { CartOwner, CartService } from './cart.service'
import { assertOrderWithinRange } from './amount-guards'
import { assertUnpaidHolds, heldByConnection, unpaidLimitError } from './unpaid-holds.server'
import { DEFAULT_UNPAID_HOLD_LIMITS, holdsLargeQuantity, type UnpaidHoldLimits } from '~/domain/unpaid-holds'
import type { MembershipService } from '~/api/accounts/membership.service'
import { linesQuery, pricedLines, type LineRow } from './checkout-lines'
import {
  assertPlaceable,
  closeCart,
  insertOrder,
  KeyAlreadyUsed,
  orderItemRows,
  takeStock,
} from './order-writes.server'
import { DEFAULT_BANK_TRANSFER } from './payment-deadlines.server'
import { checkedContact, requestDigest, type CheckedContact, type CheckoutInput } from './checkout-input.server'
import type { OrdersService } from './orders.service'
import type { OrderView } from './order-view'
import type { PaymentsService } from './payments.service'
import type { StoreNames } from './store-names'
import { ShopCodes, shopCodeOf } from './shop-codes.server'
import { bundlePricesOf } from './mix-match-prices.server'

/**
 * What stops an order as the cart is now, each naming the piece (issue 17: shown at the step where the shopper can
 * act, before "Place order"): shoes to an address abroad, pick-up abroad, a size sold out or short, a line added
 * under another region.
 */
export type QuoteProblem =
  | { reason: 'shoesInternational' | 'regionMismatch'; sku: string; name: string; size: string }
  | { reason: 'outOfStock'; sku: string; name: string; size: string; available: number }
  | { reason: 'pickupInternational' }

export type QuoteView = Omit<PricingResult, 'blocked'> & {
  currency: CurrencyCode
  promotionCode: string | null
  /** Each discount on its own line, named (issue 29 item 7): what the order will keep. */
  discounts: DiscountLine[]
  /** Why the shipping fee is charged (null: none), so that a fee never appears without a reason (item 8). */
  shippingReason: ShippingFeeReason | null
  /**
   * What the courier would cost to the destination (Thailand until an address is chosen; `assumed` then), and why:
   * the courier option states its price (issue 29 item 8).
   */
  courier: { fee: number; reason: ShippingFeeReason | null; assumedDomestic: boolean }
  blocked: QuoteProblem[]
}

/** Who places an order, as the limits on unpaid orders see it: the connection, and its bot check answer if any. */
export type Placement = { ip: string; captcha: string | null }

export type PlacedOrder = {
  order: OrderView
  accessToken: string | null
  redirectUrl: string | null
  replayed: boolean
}

/**
 * A code as the order takes it: its discount, the member's own code or the shop's code it is (one use of it taken
 * with the order), and the kind of discount line.
 */
type ResolvedPromotion = {
  promotion: Promotion
  memberCodeId: string | null
  shopCodeId: string | null
  kind: Exclude<DiscountKind, 'mix_match'>
}

export type CheckoutServiceOptions = {
  db: Db
  carts: CartService
  /** The view of the new order; the order of a replayed key. */
  orders: OrdersService
  /** Whether a payment method is offered, and the payment a new card or PayPal order starts. */
  payments: PaymentsService
  /** The branches a pick-up order may name. */
  stores: StoreNames
  /** Tiers and member codes (issue 6). */
  membership?: MembershipService | null
  /**
   * What unpaid orders may hold per connection and per contact, and the bot check asked of a connection that holds
   * some already (issue 29 item 3; the domain's limits by default).
   */
  unpaidHolds?: UnpaidHoldLimits
  /** The shop's bot check: passes, or throws 428 CAPTCHA_REQUIRED with a challenge (none: never asked). */
  botCheck?: ((answer: string | null, ip: string) => Promise<void>) | null
  /** How long a bank transfer order waits for its money (default 24 h). */
  bankTransfer?: { payWithinMs: number; remindBeforeMs: number }
  /** The clock the shop's codes' dates are read by (the system's by default; a test's to move it). */
  now?: () => Date
}

/**
 * Checkout (issue 5): quotes, and order placement in one transaction (prices recomputed on the server, stock
 * taken with a guarded update, the cart closed, an order number issued, an idempotency key honoured).
 */
export class CheckoutService {
  private readonly db: Db
  private readonly codes: ShopCodes
  constructor(private readonly options: CheckoutServiceOptions) {
    this.db = options.db
    this.codes = new ShopCodes(options.db, options.now)
  }

  /**
   * A code as a promotion: the shop's codes (NEW200 and those made in the back office, read now: live between their
   * dates, with uses left), or one of the member's own tier and birth-month codes (issue 6), whose use is recorded
   * with the order.
   */
  private async promotion(code: string | null, memberId: string | null): Promise<ResolvedPromotion | null> {
    if (!code) return null
    const normalised = code.trim().toUpperCase()
    const shopCode = await this.codes.find(normalised)
    if (shopCode) {
      await this.codes.assertUsable(shopCode, memberId)
      return { promotion: promotionOf(shopCodeOf(shopCode)), memberCodeId: null, shopCodeId: shopCode.id, kind: 'code' }
    }
    if (memberId && this.options.membership) {
      const { promotion, row } = await this.options.membership.promotionFor(memberId, normalised)
      return {
        promotion,
        memberCodeId: row.id,
        shopCodeId: null,
        kind: row.kind === 'monthly' ? 'tier' : 'birth_month',
      }
    }
    throw new ApiError(400, 'PROMOTION_REJECTED', 'This code is not valid', {
      fields: { promotionCode: 'invalid' },
    })
  }

  /** The prices of a cart as checkout shows them: re-read from the catalog, never from the browser. */
  async quote(
    owner: CartOwner,
    input: {
      currency: CurrencyCode
      country: string | null
      shippingMethod: ShippingMethod
      promotionCode: string | null
      /** The language of the pieces' names in `blocked`. */
      lang?: 'th' | 'en'
    },
  ): Promise<QuoteView> {
    const cart = await this.options.carts.find(owner)
    if (!cart || cart.status !== 'open') throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
    const rows = await linesQuery(this.db, cart.id)
    if (rows.length === 0) throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
    // Lines of another region are not priced (they cannot be paid) but named, like sizes short of stock.
    const payable = rows.filter((row) => row.currency === input.currency)
    const lang = input.lang ?? 'th'
    const named = (row: LineRow) => ({ sku: row.sku, name: lang === 'th' ? row.nameTh : row.nameEn, size: row.size })
    const problems: QuoteProblem[] = rows.flatMap((row): QuoteProblem[] =>
      row.currency !== input.currency
        ? [{ reason: 'regionMismatch', ...named(row) }]
        : row.stockOnline < row.quantity
          ? [{ reason: 'outOfStock', ...named(row), available: Math.max(0, row.stockOnline) }]
          : [],
    )
    const resolved = await this.promotion(input.promotionCode, owner.memberId)
    const result = priceCart({
      currency: input.currency,
      lines: payable.length > 0 ? pricedLines(payable, input.currency) : [],
      destination: input.country ? { country: input.country } : null,
      shippingMethod: input.shippingMethod,
      promotion: resolved?.promotion ?? null,
      bundlePrices: await bundlePricesOf(this.db),
    })
    const priced = result.lines
    const merchandise = result.subtotal - result.mixMatchDiscount - (result.promotion?.discount ?? 0)
    const courierTo = { country: input.country ?? 'TH' }
    const courier = {
      fee: deliveryTerms(input.currency, priced, courierTo, 'courier', merchandise).shippingFee,
      reason: shippingFeeReason(input.currency, priced, courierTo, merchandise),
      assumedDomestic: input.country === null,
    }
    const bySku = new Map(rows.map((row) => [row.sku, row]))
    const delivery = result.blocked.map((block): QuoteProblem => {
      if (block.reason === 'pickupInternational') return block
      const row = bySku.get(block.sku)
      return { reason: block.reason, sku: block.sku, name: row ? named(row).name : block.sku, size: row?.size ?? '' }
    })
    return {
      ...result,
      blocked: [...delivery, ...problems],
      currency: input.currency,
      promotionCode: result.promotion?.code ?? null,
      discounts: discountLines(result, resolved?.kind),
      shippingReason:
        result.shippingFee > 0 && input.country
          ? shippingFeeReason(input.currency, priced, { country: input.country }, merchandise)
          : null,
      courier,
    }
  }

  /**
   * Places the order of the shopper's cart. One transaction: the cart (closed first, which also locks it),
   * the recomputed prices, the stock (never below zero), the order, its lines and first event, the payment
   * row and the idempotency key. A request whose key was already used answers with that key's order.
   */
  async place(
    owner: CartOwner,
    idempotencyKey: string,
    input: CheckoutInput,
    placement: Placement = { ip: 'unknown', captcha: null },
  ): Promise<PlacedOrder> {
    const cart = await this.options.carts.find(owner)
    const who = owner.memberId ? { memberId: owner.memberId } : cart ? { cartId: cart.id } : null
    const digest = who ? requestDigest(who, input) : null
    if (!cart || !digest) {
      // A member's replay after the order: the ordered cart is closed, so there is no open one to find.
      const replay = digest ? await this.replay(idempotencyKey, digest) : null
      if (replay) return replay
      throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
    }
    // An open cart cannot have an order yet: a used key shows up when the transaction claims it.
    if (cart.status !== 'open') return this.replayOrClosed(idempotencyKey, digest)
    const checked = await checkedContact(input)
    if (input.paymentMethod !== 'bank_transfer' && !this.options.payments.providerFor(input.paymentMethod)) {
      throw new ApiError(400, 'PAYMENT_UNAVAILABLE', 'This payment method is not offered at the moment', {
        fields: { paymentMethod: 'unavailable' },
      })
    }
    const resolved = await this.promotion(input.promotionCode, owner.memberId)
    if (input.shippingMethod === 'pickup' && input.storeId) {
      if (!(await this.options.stores.byId()).has(input.storeId))
        throw new ApiError(400, 'INVALID_INPUT', 'Please select a branch', { fields: { storeId: 'invalid' } })
    }
    const now = new Date()
    const holds = this.options.unpaidHolds ?? DEFAULT_UNPAID_HOLD_LIMITS
    const holdsSince = new Date(now.getTime() - holds.windowMs)
    await this.checkConnection(placement, holds, holdsSince)
    const accessToken = randomToken(24)
    const order = { owner, cartId: cart.id, orderId: randomUUID(), idempotencyKey, digest, accessToken, now }

    let placed
    try {
      placed = await this.db.transaction((tx) =>
        this.writeOrder(tx, order, input, { checked, resolved, placement, holds, holdsSince }),
      )
    } catch (error) {
      if (error instanceof KeyAlreadyUsed) return this.replayOrClosed(idempotencyKey, digest)
      throw error
    }
    // Closed meanwhile: by this very request sent twice (its order is the answer), or by another one.
    if (!placed) return this.replayOrClosed(idempotencyKey, digest)
    const redirectUrl =
      input.paymentMethod === 'bank_transfer' ? null : await this.options.payments.startPayment(placed.order)
    // The view of a new order is built from what was just written (no second read).
    const view = await this.options.orders.view(placed.order, {
      items: placed.itemRows,
      discounts: placed.discounts,
      events: placed.events,
      payment: { status: 'pending', redirectUrl },
      returns: [],
      shipments: [],
    })
    return { order: view, accessToken, redirectUrl, replayed: false }
  }

  /**
   * The order's transaction: the cart closed and its lines read, the prices recomputed and checked (largest order,
   * unpaid holds, delivery, code, the total shown), the stock taken, the order stored, its discounts and the member's
   * code recorded. Null when the cart was closed before.
   */
  private async writeOrder(
    tx: Db,
    order: { owner: CartOwner; cartId: string; orderId: string } & {
      idempotencyKey: string
      digest: string
      accessToken: string
      now: Date
    },
    input: CheckoutInput,
    context: {
      checked: CheckedContact
      resolved: ResolvedPromotion | null
      placement: Placement
      holds: UnpaidHoldLimits
      holdsSince: Date
    },
  ) {
    const { orderId, now } = order
    const { checked, resolved, placement, holds } = context
    const rows = await closeCart(tx, { cartId: order.cartId, orderId, now })
    if (rows.length === 0) {
      // No lines: an empty cart that this request closed (undone by the error), or one closed before.
      const [state] = await tx.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, order.cartId))
      if (state?.orderId === orderId) throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
      return null
    }
    const lines = pricedLines(rows, input.currency)
    const priced = priceCart({
      currency: input.currency,
      lines,
      destination: checked.address ? { country: checked.address.country } : { country: 'TH' },
      shippingMethod: input.shippingMethod,
      promotion: resolved?.promotion ?? null,
      bundlePrices: await bundlePricesOf(tx),
    })
    assertOrderWithinRange(priced)
    await assertUnpaidHolds(
      tx,
      { placedFrom: placement.ip, email: checked.email, telephone: checked.telephone, lines },
      holds,
      context.holdsSince,
    )
    assertPlaceable(priced, input.expectedTotal)
    await takeStock(tx, lines, orderId)
    const discounts = discountLines(priced, resolved?.kind)
    const itemRows = orderItemRows(orderId, priced, lines)
    const event = { id: randomUUID(), orderId, status: 'awaiting_payment' as const, note: null, createdAt: now }
    const stored = await insertOrder(tx, {
      orderId,
      idempotencyKey: order.idempotencyKey,
      requestHash: order.digest,
      itemRows,
      event,
      payment: {
        provider: this.options.payments.providerFor(input.paymentMethod)?.id ?? 'bank_transfer',
        method: input.paymentMethod,
        amount: priced.total,
      },
      paymentDueAt: this.paymentDueAt(input.paymentMethod, lines, holds, now),
      order: {
        memberId: order.owner.memberId,
        cartId: order.cartId,
        email: checked.email,
        telephone: checked.telephone,
        currency: input.currency,
        subtotal: priced.subtotal,
        discount: discounts.reduce((sum, line) => sum + line.amount, 0),
        shippingFee: priced.shippingFee,
        total: priced.total,
        vatIncluded: priced.vatIncluded,
        promotionCode: priced.promotion?.code ?? null,
        shippingMethod: input.shippingMethod,
        storeId: input.shippingMethod === 'pickup' ? input.storeId : null,
        address: checked.address,
        paymentMethod: input.paymentMethod,
        placedFrom: placement.ip,
        locale: input.lang,
        accessTokenHash: sha256(order.accessToken),
      },
      now,
    })
    // Each discount on its own line, named (issue 29 item 7).
    const discountRows = discounts.map((line, position) => ({ orderId, position, ...line }))
    if (discountRows.length > 0) await tx.insert(orderDiscounts).values(discountRows)
    if (resolved?.memberCodeId && this.options.membership && priced.promotion) {
      await this.options.membership.markUsed(tx, resolved.memberCodeId, stored.id, priced.promotion.discount)
    }
    // One use of a shop's code, taken under its row's lock: the last use goes to one order only.
    if (resolved?.shopCodeId && priced.promotion) {
      await this.codes.take(tx, resolved.shopCodeId, { id: stored.id, memberId: order.owner.memberId })
    }
    return { order: stored, itemRows, discounts, events: [event] }
  }

  /**
   * A bank transfer waits for its money until this moment (then the deadline job cancels the order). A large
   * quantity of one size is held for a shorter time (issue 29).
   */
  private paymentDueAt(
    method: PaymentMethod,
    lines: ReadonlyArray<{ sku: string; quantity: number }>,
    holds: UnpaidHoldLimits,
    now: Date,
  ): Date | null {
    if (method !== 'bank_transfer') return null
    const payWithinMs = (this.options.bankTransfer ?? DEFAULT_BANK_TRANSFER).payWithinMs
    const holdFor = holdsLargeQuantity(lines, holds)
      ? Math.min(payWithinMs, holds.largeQuantityPayWithinMs)
      : payWithinMs
    return new Date(now.getTime() + holdFor)
  }

  /**
   * Before the order's transaction: a connection at its limit of unpaid orders is refused at once, and one that holds
   * some already must pass the bot check (issue 29). The transaction counts again, under a lock, with the contact.
   */
  private async checkConnection(placement: Placement, holds: UnpaidHoldLimits, since: Date): Promise<void> {
    const { orders: held } = await heldByConnection(this.db, placement.ip, since)
    if (held >= holds.perConnection) throw unpaidLimitError('connection')
    if (held >= holds.challengeFrom) await this.options.botCheck?.(placement.captcha, placement.ip)
  }

  /** The order of a used key; else the cart was ordered by another request. */
  private async replayOrClosed(key: string, digest: string): Promise<PlacedOrder> {
    const replay = await this.replay(key, digest)
    if (replay) return replay
    throw new ApiError(409, 'CART_EMPTY', 'You have purchased items in this shopping cart')
  }

  private async replay(key: string, digest: string): Promise<PlacedOrder | null> {
    const [existing] = await this.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    if (!existing) return null
    if (existing.requestHash !== digest) {
      throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', 'This key was used for another order request')
    }
    if (!existing.orderId) return null
    const [order] = await this.db.select().from(orders).where(eq(orders.id, existing.orderId))
    if (!order) return null
    const view = await this.options.orders.view(order)
    return { order: view, accessToken: null, redirectUrl: view.payment?.redirectUrl ?? null, replayed: true }
  }
}
