import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { type Db } from '~/db/client.server'
import {
  cartItems,
  carts,
  idempotencyKeys,
  members,
  orderEvents,
  orderItems,
  orderMails,
  orders,
  payments,
  products,
  returnRequests,
  stores,
  variants,
  type CurrencyCode,
  type OrderAddress,
  type OrderCancelReason,
  type OrderRow,
  type OrderStatus,
  type PaymentMethod,
  type ReturnKind,
  type ShippingMethod,
} from '~/db/schema'
import { canCancel, returnEligibility } from '~/domain/returns'
import { normaliseAddress, validateAddress, type AddressInput } from '~/domain/address'
import { parseLoginIdentifier, parseTelephone } from '~/domain/otp'
import { NEW200, priceCart, type PricingResult, type Promotion } from '~/domain/pricing'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import { AccountError } from '~/api/accounts/errors'
import { enqueueOrderMail, orderMailValues } from '~/api/emails/order-mails.server'
import { mailI18n, mailLocale } from '~/api/emails/i18n.server'
import { statusLineText } from '~/api/emails/templates'
import type { PaymentProvider } from '~/api/payments/provider'
import type { CartOwner, CartService } from './cart.service'
import type { MembershipService } from '~/api/accounts/membership.service'

/** Promotion codes the shop knows today; membership codes join them with the membership issue. */
const PROMOTIONS: Record<string, Promotion> = { [NEW200.code]: NEW200 }

/** §4: which status may follow which (the operator endpoint enforces it). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled'],
  packed: ['in_transit'],
  in_transit: ['received'],
  received: ['returned'],
  cancelled: [],
  returned: [],
}

export type CheckoutInput = {
  currency: CurrencyCode
  lang: 'th' | 'en'
  email: string
  telephone: string
  shippingMethod: ShippingMethod
  storeId: string | null
  address: AddressInput | null
  promotionCode: string | null
  paymentMethod: PaymentMethod
  /** The total the shopper saw; a different total on the server is the price-validity warning. */
  expectedTotal: number | null
}

export type QuoteView = PricingResult & { currency: CurrencyCode; promotionCode: string | null }

export type OrderView = {
  id: string
  number: string
  status: OrderStatus
  currency: CurrencyCode
  email: string
  telephone: string
  subtotal: number
  discount: number
  shippingFee: number
  total: number
  vatIncluded: number
  promotionCode: string | null
  shippingMethod: ShippingMethod
  store: { id: string; name: string } | null
  address: OrderAddress | null
  paymentMethod: PaymentMethod
  payment: { status: string; redirectUrl: string | null } | null
  items: Array<{
    sku: string
    productId: string
    name: string
    size: string
    quantity: number
    unitPrice: number
    lineTotal: number
    tags: string[]
    category: string
  }>
  events: Array<{ status: OrderStatus; at: string; note: string | null }>
  createdAt: string
  receivedAt: string | null
  international: boolean
  returnRequest: { kind: ReturnKind; createdAt: string } | null
}

export type PlacedOrder = {
  order: OrderView
  accessToken: string | null
  redirectUrl: string | null
  replayed: boolean
}

export type OrderServiceOptions = {
  db: Db
  carts: CartService
  /** Card payments (the built-in test provider by default, Stripe when configured). */
  cardProvider: PaymentProvider
  /** Where a provider sends the shopper back: the storefront's order page for this number. */
  returnUrl: (orderNumber: string, lang: 'th' | 'en') => string
  /** Tiers and member codes (issue 6). */
  membership?: MembershipService | null
  /** LINE messages to members linked to LINE (when a Messaging API channel is configured). */
  pushLine?: ((to: string, text: string) => Promise<void>) | null
}

function orderNumberPrefix(now: Date): string {
  const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`
  return `AS${yymm}-`
}

/** A stable digest of what was asked, so that a replayed key with another body is told apart. */
/**
 * What an idempotency key stands for: who orders and what they asked. A member is the member (their cart is
 * closed by the order, so a replay finds another cart or none); a guest is the cart of their token.
 */
function requestDigest(who: { memberId: string } | { cartId: string }, input: CheckoutInput): string {
  const { expectedTotal: _shown, ...rest } = input
  return sha256(JSON.stringify({ ...who, ...rest, address: rest.address ? normaliseAddress(rest.address) : null }))
}

/**
 * Checkout (issue 5): quotes, order placement in one transaction (prices recomputed on the server, stock
 * taken with a guarded update, the cart closed, an order number issued, an idempotency key honoured),
 * payment results, the operator's status changes and the order pages.
 */
const lineColumns = {
  sku: cartItems.sku,
  quantity: cartItems.quantity,
  currency: cartItems.currency,
  productId: products.id,
  category: products.categorySlug,
  tags: products.tags,
  priceThb: products.priceThb,
  priceUsd: products.priceUsd,
  nameTh: products.nameTh,
  nameEn: products.nameEn,
  size: variants.size,
}

/** The lines of a cart with what pricing needs from the catalog, in the order they were added. */
function linesQuery(db: Db, cartId: string) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.sku, cartItems.sku))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.sku))
}

type LineRow = Awaited<ReturnType<typeof linesQuery>>[number]

/** Lines as the pricing engine takes them, at today's catalog price; an empty or mixed-region cart is refused. */
function pricedLines(rows: LineRow[], currency: CurrencyCode) {
  if (rows.length === 0) throw new AccountError(409, 'CART_EMPTY', 'The cart is empty')
  if (rows.some((row) => row.currency !== currency)) {
    throw new AccountError(409, 'REGION_MISMATCH', 'Invalid Region: Please remove product and try again')
  }
  return rows.map((row) => ({
    sku: row.sku,
    productId: row.productId,
    category: row.category,
    tags: row.tags,
    unitPrice: currency === 'thb' ? row.priceThb : row.priceUsd,
    quantity: row.quantity,
    nameTh: row.nameTh,
    nameEn: row.nameEn,
    size: row.size,
  }))
}

type StoreName = { id: string; nameTh: string; nameEn: string }

/** Thrown inside the order transaction to undo it when its idempotency key turns out to be taken. */
class KeyAlreadyUsed extends Error {}

const STORE_CACHE_MS = 60_000

export class OrderService {
  private readonly db: Db
  private storeCache: { at: number; byId: Map<string, StoreName> } | null = null
  constructor(private readonly options: OrderServiceOptions) {
    this.db = options.db
  }

  /**
   * A code as a promotion: the shop's codes (NEW200), or one of the member's own tier and birth-month codes
   * (issue 6), whose use is recorded with the order.
   */
  private async promotion(
    code: string | null,
    memberId: string | null,
  ): Promise<{ promotion: Promotion; memberCodeId: string | null } | null> {
    if (!code) return null
    const normalised = code.trim().toUpperCase()
    const shopCode = PROMOTIONS[normalised]
    if (shopCode) return { promotion: shopCode, memberCodeId: null }
    if (memberId && this.options.membership) {
      const { promotion, row } = await this.options.membership.promotionFor(memberId, normalised)
      return { promotion, memberCodeId: row.id }
    }
    throw new AccountError(400, 'PROMOTION_REJECTED', 'This code is not valid', {
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
    },
  ): Promise<QuoteView> {
    const cart = await this.options.carts.find(owner)
    if (!cart || cart.status !== 'open') throw new AccountError(409, 'CART_EMPTY', 'The cart is empty')
    const lines = await this.pricingLines(this.db, cart.id, input.currency)
    const result = priceCart({
      currency: input.currency,
      lines,
      destination: input.country ? { country: input.country } : null,
      shippingMethod: input.shippingMethod,
      promotion: (await this.promotion(input.promotionCode, owner.memberId))?.promotion ?? null,
    })
    return { ...result, currency: input.currency, promotionCode: result.promotion?.code ?? null }
  }

  private async pricingLines(db: Db, cartId: string, currency: CurrencyCode) {
    return pricedLines(await linesQuery(db, cartId), currency)
  }

  /** Checks what the shopper typed before anything is written. */
  private async validated(
    input: CheckoutInput,
  ): Promise<{ address: OrderAddress | null; email: string; telephone: string }> {
    const email = parseLoginIdentifier(input.email)
    const fields: Record<string, string> = {}
    if (!input.email.trim()) fields.email = 'required'
    else if (email?.kind !== 'email') fields.email = 'invalid'
    const phone = parseTelephone(input.telephone, input.address?.country || 'TH')
    if (!input.telephone.trim()) fields.telephone = 'required'
    else if (!phone) fields.telephone = 'invalid'
    let address: OrderAddress | null = null
    if (input.shippingMethod === 'courier') {
      if (!input.address) {
        throw new AccountError(400, 'INVALID_INPUT', 'Please enter the address.', { fields: { address: 'required' } })
      }
      const values = normaliseAddress(input.address)
      const errors = validateAddress(values, { thai: await getThaiPostal() })
      for (const [field, code] of Object.entries(errors)) if (code) fields[`address.${field}`] = code
      address = values
    } else if (!input.storeId) {
      throw new AccountError(400, 'INVALID_INPUT', 'Please select a branch', { fields: { storeId: 'required' } })
    }
    if (Object.keys(fields).length > 0) {
      throw new AccountError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
    }
    return { address, email: email?.value ?? '', telephone: phone?.value ?? '' }
  }

  /**
   * Places the order of the shopper's cart. One transaction: the cart (closed first, which also locks it),
   * the recomputed prices, the stock (never below zero), the order, its lines and first event, the payment
   * row and the idempotency key. A request whose key was already used answers with that key's order.
   */
  async place(owner: CartOwner, idempotencyKey: string, input: CheckoutInput): Promise<PlacedOrder> {
    const cart = await this.options.carts.find(owner)
    const who = owner.memberId ? { memberId: owner.memberId } : cart ? { cartId: cart.id } : null
    const digest = who ? requestDigest(who, input) : null
    if (!cart || !digest) {
      // A member's replay after the order: the ordered cart is closed, so there is no open one to find.
      const replay = digest ? await this.replay(idempotencyKey, digest) : null
      if (replay) return replay
      throw new AccountError(409, 'CART_EMPTY', 'The cart is empty')
    }
    // An open cart cannot have an order yet: a used key shows up when the transaction claims it.
    if (cart.status !== 'open') return this.replayOrClosed(idempotencyKey, digest)
    const checked = await this.validated(input)
    const resolved = await this.promotion(input.promotionCode, owner.memberId)
    const promotion = resolved?.promotion ?? null
    if (input.shippingMethod === 'pickup' && input.storeId) {
      if (!(await this.storeNames()).has(input.storeId))
        throw new AccountError(400, 'INVALID_INPUT', 'Please select a branch', { fields: { storeId: 'invalid' } })
    }
    const accessToken = randomToken(24)
    const now = new Date()
    const orderId = randomUUID()

    let placed
    try {
      placed = await this.db.transaction(async (tx) => {
        // Closing the cart locks it: a second checkout of the same cart waits here, then finds it closed.
        // Closing the cart locks it (a second checkout of the same cart waits, then finds it closed); the
        // same statement reads its lines.
        const closing = tx.$with('closing').as(
          tx
            .update(carts)
            .set({ status: 'ordered', orderId, updatedAt: now })
            .where(and(eq(carts.id, cart.id), eq(carts.status, 'open')))
            .returning({ id: carts.id }),
        )
        const rows = await tx
          .with(closing)
          .select(lineColumns)
          .from(closing)
          .innerJoin(cartItems, eq(cartItems.cartId, closing.id))
          .innerJoin(products, eq(products.id, cartItems.productId))
          .innerJoin(variants, eq(variants.sku, cartItems.sku))
          .orderBy(asc(cartItems.addedAt), asc(cartItems.sku))
        if (rows.length === 0) {
          // No lines: an empty cart that this request closed (undone by the error), or one closed before.
          const [state] = await tx.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, cart.id))
          if (state?.orderId === orderId) throw new AccountError(409, 'CART_EMPTY', 'The cart is empty')
          return null
        }
        const lines = pricedLines(rows, input.currency)
        const priced = priceCart({
          currency: input.currency,
          lines,
          destination: checked.address ? { country: checked.address.country } : { country: 'TH' },
          shippingMethod: input.shippingMethod,
          promotion,
        })
        if (priced.blocked.length > 0) {
          throw new AccountError(409, 'CART_BLOCKED', 'Some items cannot be delivered there', {
            fields: Object.fromEntries(
              priced.blocked.map((block) => ['sku' in block ? block.sku : 'shippingMethod', block.reason]),
            ),
          })
        }
        if (priced.promotionRejected) {
          throw new AccountError(409, 'PROMOTION_REJECTED', 'This code cannot be used for this cart', {
            fields: { promotionCode: priced.promotionRejected.reason },
          })
        }
        if (input.expectedTotal !== null && input.expectedTotal !== priced.total) {
          throw new AccountError(409, 'PRICES_CHANGED', 'SOME PRICES IN YOUR CART ARE NOT CURRENT.', {
            fields: { total: String(priced.total) },
          })
        }
        // In the order of the sizes, so that two orders sharing sizes lock them in the same order.
        for (const line of lines.toSorted((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))) {
          const taken = await tx
            .update(variants)
            .set({ stockOnline: sql`${variants.stockOnline} - ${line.quantity}` })
            .where(and(eq(variants.sku, line.sku), sql`${variants.stockOnline} >= ${line.quantity}`))
            .returning({ sku: variants.sku })
          if (taken.length === 0) {
            throw new AccountError(409, 'OUT_OF_STOCK', 'This item is out of stock. Please remove from cart', {
              fields: { [line.sku]: 'outOfStock' },
            })
          }
        }
        const discount = priced.mixMatchDiscount + (priced.promotion?.discount ?? 0)
        const itemRows = priced.lines.map((line, position) => {
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
            lineTotal: line.lineTotal - line.mixMatchDiscount,
          }
        })
        const event = { id: randomUUID(), orderId, status: 'awaiting_payment' as const, note: null, createdAt: now }
        // The order, its lines, its first event, its payment row and the idempotency key in one statement
        // (the foreign keys are checked at its end). The key goes in with its order: a key already used
        // (for another cart) undoes the whole transaction.
        const newItems = tx.$with('new_items').as(tx.insert(orderItems).values(itemRows))
        const newEvent = tx.$with('new_event').as(tx.insert(orderEvents).values(event))
        const newPayment = tx.$with('new_payment').as(
          tx.insert(payments).values({
            orderId,
            provider: input.paymentMethod === 'bank_transfer' ? 'bank_transfer' : this.options.cardProvider.id,
            method: input.paymentMethod,
            amount: priced.total,
            currency: input.currency,
          }),
        )
        // The order confirmation, owed from the moment the order exists (sent by the e-mail worker).
        const newMail = tx
          .$with('new_mail')
          .as(
            tx
              .insert(orderMails)
              .values(orderMailValues({ kind: 'order_placed', orderId, data: { paymentDeadline: null } }, now)),
          )
        const claim = tx
          .$with('claim')
          .as(
            tx
              .insert(idempotencyKeys)
              .values({ key: idempotencyKey, requestHash: digest, orderId })
              .onConflictDoNothing()
              .returning({ key: idempotencyKeys.key }),
          )
        const [stored] = await tx
          .with(newItems, newEvent, newPayment, newMail, claim)
          .insert(orders)
          .values({
            id: orderId,
            // The number comes from a sequence shared by all instances: AS{yymm}-{nnnnn}.
            number: sql`${orderNumberPrefix(now)} || lpad(nextval('order_number_seq')::text, 5, '0')`,
            memberId: owner.memberId,
            cartId: cart.id,
            email: checked.email,
            telephone: checked.telephone,
            status: 'awaiting_payment',
            currency: input.currency,
            subtotal: priced.subtotal,
            discount,
            shippingFee: priced.shippingFee,
            total: priced.total,
            vatIncluded: priced.vatIncluded,
            promotionCode: priced.promotion?.code ?? null,
            shippingMethod: input.shippingMethod,
            storeId: input.shippingMethod === 'pickup' ? input.storeId : null,
            address: checked.address,
            paymentMethod: input.paymentMethod,
            locale: input.lang,
            accessTokenHash: sha256(accessToken),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ ...getTableColumns(orders), claimed: sql<number>`(SELECT count(*) FROM ${claim})::int` })
        if (!stored) throw new Error('Order not stored')
        const { claimed, ...order } = stored
        if (claimed !== 1) throw new KeyAlreadyUsed()
        if (resolved?.memberCodeId && this.options.membership && priced.promotion) {
          await this.options.membership.markUsed(tx, resolved.memberCodeId, order.id, priced.promotion.discount)
        }
        return { order, itemRows, events: [event] }
      })
    } catch (error) {
      if (error instanceof KeyAlreadyUsed) return this.replayOrClosed(idempotencyKey, digest)
      throw error
    }
    // Closed meanwhile: by this very request sent twice (its order is the answer), or by another one.
    if (!placed) return this.replayOrClosed(idempotencyKey, digest)
    const redirectUrl = input.paymentMethod === 'card' ? await this.startCardPayment(placed.order) : null
    // The view of a new order is built from what was just written (no second read).
    const view = await this.view(placed.order, {
      items: placed.itemRows,
      events: placed.events,
      payment: { status: 'pending', redirectUrl },
      returns: [],
    })
    return { order: view, accessToken, redirectUrl, replayed: false }
  }

  /** The branches by id, read at most once a minute (they come with the catalog and hardly ever change). */
  private async storeNames(): Promise<Map<string, StoreName>> {
    if (this.storeCache && Date.now() - this.storeCache.at < STORE_CACHE_MS) return this.storeCache.byId
    const rows = await this.db.select({ id: stores.id, nameTh: stores.nameTh, nameEn: stores.nameEn }).from(stores)
    this.storeCache = { at: Date.now(), byId: new Map(rows.map((row) => [row.id, row])) }
    return this.storeCache.byId
  }

  /** The order of a used key; else the cart was ordered by another request. */
  private async replayOrClosed(key: string, digest: string): Promise<PlacedOrder> {
    const replay = await this.replay(key, digest)
    if (replay) return replay
    throw new AccountError(409, 'CART_EMPTY', 'You have purchased items in this shopping cart')
  }

  private async replay(key: string, digest: string): Promise<PlacedOrder | null> {
    const [existing] = await this.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    if (!existing) return null
    if (existing.requestHash !== digest) {
      throw new AccountError(409, 'IDEMPOTENCY_CONFLICT', 'This key was used for another order request')
    }
    if (!existing.orderId) return null
    const [order] = await this.db.select().from(orders).where(eq(orders.id, existing.orderId))
    if (!order) return null
    const view = await this.view(order)
    return { order: view, accessToken: null, redirectUrl: view.payment?.redirectUrl ?? null, replayed: true }
  }

  /** Opens a card payment with the provider; a failure leaves the order awaiting payment (pay again later). */
  async startCardPayment(order: OrderRow): Promise<string | null> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
      .orderBy(desc(payments.createdAt))
      .limit(1)
    if (!payment) return null
    if (payment.redirectUrl) return payment.redirectUrl
    const lang = order.locale === 'en' ? 'en' : 'th'
    try {
      const started = await this.options.cardProvider.start({
        paymentId: payment.id,
        orderNumber: order.number,
        amount: order.total,
        currency: order.currency,
        description: `Order ${order.number}`,
        customerEmail: order.email,
        returnUrl: this.options.returnUrl(order.number, lang),
        cancelUrl: this.options.returnUrl(order.number, lang),
        locale: lang,
      })
      await this.db
        .update(payments)
        .set({ providerRef: started.providerRef, redirectUrl: started.redirectUrl, updatedAt: new Date() })
        .where(eq(payments.id, payment.id))
      return started.redirectUrl
    } catch (error) {
      console.error('Card payment could not start:', error instanceof Error ? error.message : error)
      return null
    }
  }

  /** Pay again after a declined or abandoned card payment: a new attempt on the same order. */
  async retryCardPayment(order: OrderRow): Promise<string | null> {
    if (order.status !== 'awaiting_payment' || order.paymentMethod !== 'card') return null
    const [pending] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    if (!pending) {
      await this.db.insert(payments).values({
        orderId: order.id,
        provider: this.options.cardProvider.id,
        method: 'card',
        amount: order.total,
        currency: order.currency,
      })
    }
    return this.startCardPayment(order)
  }

  /** A provider's verdict on a payment (hosted test page, Stripe webhook). Paid moves the order to paid once. */
  async settlePayment(provider: string, providerRef: string, status: 'paid' | 'failed' | 'cancelled' | 'pending') {
    if (status === 'pending') return
    const [payment] = await this.db
      .update(payments)
      .set({ status, updatedAt: new Date() })
      .where(
        and(eq(payments.provider, provider), eq(payments.providerRef, providerRef), eq(payments.status, 'pending')),
      )
      .returning()
    if (!payment || status !== 'paid') return
    await this.changeStatus(payment.orderId, 'paid', null)
  }

  /**
   * Moves an order along §4's states. The change, its event, its payment, the stock a cancellation gives back and the
   * e-mail the shopper is owed (payment received, shipped, cancelled) are stored in one transaction; the e-mail
   * worker sends it. Members linked to LINE also get a LINE message.
   */
  async changeStatus(
    orderId: string,
    status: OrderStatus,
    note: string | null,
    options: { cancelReason?: OrderCancelReason } = {},
  ): Promise<OrderView> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId))
    if (!order) throw new AccountError(404, 'NOT_FOUND', 'No such order')
    if (!ORDER_TRANSITIONS[order.status].includes(status)) {
      throw new AccountError(409, 'NOT_ALLOWED', `An order ${order.status} cannot become ${status}`)
    }
    const now = new Date()
    const updated = await this.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orders)
        .set({ status, updatedAt: now, ...(status === 'received' ? { receivedAt: now } : {}) })
        .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
        .returning()
      if (!moved) throw new AccountError(409, 'NOT_ALLOWED', 'The order changed meanwhile')
      await tx.insert(orderEvents).values({ orderId, status, note, createdAt: now })
      // The back office marking an order paid (a bank transfer seen on the statement) settles its pending payment,
      // and a cancelled order's pending payment is cancelled with it (issue 17): the order page never says "pending"
      // for money the shop has, or for an order that is gone.
      if (status === 'paid' || status === 'cancelled') {
        await tx
          .update(payments)
          .set({ status, updatedAt: now })
          .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
      }
      if (status === 'cancelled') {
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
        for (const item of items) {
          await tx
            .update(variants)
            .set({ stockOnline: sql`${variants.stockOnline} + ${item.quantity}` })
            .where(eq(variants.sku, item.sku))
        }
      }
      // The e-mail this change owes the shopper, guest or member, stored with the change (issue 17, item 7).
      if (status === 'paid') {
        await enqueueOrderMail(tx, { kind: 'payment_received', orderId, data: {} }, now)
      } else if (status === 'in_transit') {
        // Tracking numbers join here when orders have shipments (OrderView.shipments).
        await enqueueOrderMail(tx, { kind: 'shipped', orderId, data: { shipments: [] } }, now)
      } else if (status === 'cancelled') {
        const reason = options.cancelReason ?? 'shop'
        await enqueueOrderMail(
          tx,
          { kind: 'order_cancelled', orderId, data: { reason, refund: order.status === 'paid' } },
          now,
        )
      }
      return moved
    })
    if (updated.memberId && this.options.membership && ['paid', 'cancelled', 'returned'].includes(status)) {
      if (status === 'cancelled') await this.options.membership.releaseCode(updated.id)
      await this.options.membership.recompute(updated.memberId)
    }
    await this.pushLineStatus(updated)
    return this.view(updated)
  }

  /** A member linked to LINE hears of each status change there too, in the order's language (e-mail catalog). */
  private async pushLineStatus(order: OrderRow): Promise<void> {
    const pushLine = this.options.pushLine
    if (!pushLine || !order.memberId) return
    try {
      const [member] = await this.db
        .select({ lineUserId: members.lineUserId })
        .from(members)
        .where(eq(members.id, order.memberId))
      if (!member?.lineUserId) return
      const text = statusLineText(await mailI18n(mailLocale(order.locale)), order.number, order.status)
      await pushLine(member.lineUserId, text)
    } catch (error) {
      console.error('LINE notification failed:', error instanceof Error ? error.message : error)
    }
  }

  /** The shopper cancels: only before the parcel is packed (§4: never once paid and in transit). */
  async cancelByShopper(order: OrderRow): Promise<OrderView> {
    if (!canCancel(order.status)) {
      throw new AccountError(409, 'NOT_ALLOWED', 'This order can no longer be cancelled')
    }
    return this.changeStatus(order.id, 'cancelled', 'Cancelled by the shopper', { cancelReason: 'shopper' })
  }

  /** An exchange or return, asked for after receipt, within 7 days, for returnable pieces of domestic orders (§9). */
  async requestReturn(order: OrderRow, kind: ReturnKind, note: string | null, now = new Date()): Promise<OrderView> {
    const view = await this.view(order)
    const eligibility = returnEligibility(view, now)
    if (!eligibility.eligible) {
      throw new AccountError(409, 'NOT_ALLOWED', 'Exchange or return is not possible for this order', {
        fields: { order: eligibility.reason },
      })
    }
    const [stored] = await this.db
      .insert(returnRequests)
      .values({ orderId: order.id, kind, note })
      .onConflictDoNothing()
      .returning()
    if (!stored) throw new AccountError(409, 'NOT_ALLOWED', 'An exchange or return was already asked for')
    return this.view(order)
  }

  async byNumber(number: string): Promise<OrderRow | null> {
    const [order] = await this.db.select().from(orders).where(eq(orders.number, number))
    return order ?? null
  }

  /** The order of a member, or of a guest who holds its access token. */
  async forViewer(number: string, viewer: { memberId: string | null; accessToken: string | null }): Promise<OrderRow> {
    const order = await this.byNumber(number)
    const allowed =
      order &&
      ((viewer.memberId !== null && order.memberId === viewer.memberId) ||
        (viewer.accessToken !== null && order.accessTokenHash === sha256(viewer.accessToken)))
    if (!order || !allowed) throw new AccountError(404, 'NOT_FOUND', 'No such order')
    return order
  }

  async history(memberId: string, page: number, pageSize: number) {
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.memberId, memberId))
    const rows = await this.db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        total: orders.total,
        currency: orders.currency,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    return {
      items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
      page,
      pageSize,
    }
  }

  async view(
    order: OrderRow,
    known?: {
      items: Array<typeof orderItems.$inferSelect>
      events: Array<typeof orderEvents.$inferSelect>
      payment: { status: string; redirectUrl: string | null }
      returns: Array<typeof returnRequests.$inferSelect>
    },
  ): Promise<OrderView> {
    const lang = order.locale === 'en' ? 'en' : 'th'
    const [items, events, paymentRows, store, returns] = await Promise.all([
      known
        ? known.items
        : this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
      known
        ? known.events
        : this.db
            .select()
            .from(orderEvents)
            .where(eq(orderEvents.orderId, order.id))
            .orderBy(asc(orderEvents.createdAt)),
      known
        ? [known.payment]
        : this.db
            .select()
            .from(payments)
            .where(eq(payments.orderId, order.id))
            .orderBy(desc(payments.createdAt))
            .limit(1),
      order.storeId ? this.storeNames().then((byId) => byId.get(order.storeId ?? '')) : undefined,
      known ? known.returns : this.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id)),
    ])
    const returnRow = returns[0]
    const payment = paymentRows[0]
    const storeRow = store
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      currency: order.currency,
      email: order.email,
      telephone: order.telephone,
      subtotal: order.subtotal,
      discount: order.discount,
      shippingFee: order.shippingFee,
      total: order.total,
      vatIncluded: order.vatIncluded,
      promotionCode: order.promotionCode,
      shippingMethod: order.shippingMethod,
      store: storeRow ? { id: storeRow.id, name: lang === 'th' ? storeRow.nameTh : storeRow.nameEn } : null,
      address: order.address,
      paymentMethod: order.paymentMethod,
      payment: payment
        ? { status: payment.status, redirectUrl: payment.status === 'pending' ? payment.redirectUrl : null }
        : null,
      items: items.map((item) => ({
        sku: item.sku,
        productId: item.productId,
        name: lang === 'th' ? item.nameTh : item.nameEn,
        size: item.size,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        lineTotal: item.lineTotal,
        tags: item.tags,
        category: item.categorySlug,
      })),
      events: events.map((event) => ({ status: event.status, at: event.createdAt.toISOString(), note: event.note })),
      createdAt: order.createdAt.toISOString(),
      receivedAt: order.receivedAt?.toISOString() ?? null,
      international: order.address !== null && order.address.country !== 'TH',
      returnRequest: returnRow ? { kind: returnRow.kind, createdAt: returnRow.createdAt.toISOString() } : null,
    }
  }
}
