import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { type Db } from '~/db/client.server'
import {
  cartItems,
  carts,
  idempotencyKeys,
  members,
  orderDiscounts,
  orderEvents,
  orderItems,
  orderMails,
  orders,
  payments,
  products,
  stores,
  taxInvoices,
  variants,
  type CurrencyCode,
  type OrderAddress,
  type OrderRow,
} from '~/db/schema'
import type {
  DiscountKind,
  DiscountLine,
  OrderCancelReason,
  OrderStatus,
  PaymentMethod,
  ShippingMethod,
} from '~/domain/orders'
import type { ReturnKind, PieceRefusal, ReturnRefusal } from '~/domain/returns'
import type { CarrierId } from '~/domain/carriers'
import { canCancel } from '~/domain/returns'
import { CANCELLED_BY_SHOPPER_NOTE, DEADLINE_PASSED_NOTE } from '~/domain/payment-outcome'
import { normaliseAddress, validateAddress, type AddressInput } from '~/domain/address'
import { parseLoginIdentifier, parseTelephone } from '~/domain/phone'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import { ApiError } from '~/api/errors'
import type { PaymentProvider, PaymentState, PaymentUpdate } from '~/api/payments/provider'
import { enqueueOrderMail, orderMailValues } from '~/api/emails/order-mails.server'
import { mailI18n, mailLocale } from '~/api/emails/i18n.server'
import { statusLineText } from '~/api/emails/templates'
import type { CartOwner, CartService } from './cart.service'
import { assertOrderWithinRange } from './amount-guards'
import { assertUnpaidHolds, heldByConnection, unpaidLimitError } from './unpaid-holds.server'
import { DEFAULT_UNPAID_HOLD_LIMITS, holdsLargeQuantity, type UnpaidHoldLimits } from '~/domain/unpaid-holds'
import type { MembershipService } from '~/api/accounts/membership.service'
import { taxInvoiceState, type TaxInvoiceState } from './tax-invoice.service'
import { orderDiscountLines } from './discounts'
import {
  isInternational,
  orderReturnWindow,
  pieceReturnable,
  ReturnService,
  type ReturnPiece,
  type ReturnRequestInput,
  type ReturnRequestView,
  type ShipmentView,
} from './returns.service'
import { deliveryTerms, shippingFeeReason, type ShippingFeeReason } from '~/domain/shipping'
import { discountLines, priceCart, type PricingResult } from '~/domain/pricing'
import { SHOP_PROMOTIONS, type Promotion } from '~/domain/promotions'

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

export type OrderView = {
  id: string
  number: string
  status: OrderStatus
  currency: CurrencyCode
  email: string
  telephone: string
  subtotal: number
  /** The sum of `discounts`. */
  discount: number
  /** Each discount on its own line with its kind and code (issue 29 item 7). */
  discounts: DiscountLine[]
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
    /** The line's place in the order: return requests name pieces by it. */
    position: number
    sku: string
    productId: string
    name: string
    size: string
    quantity: number
    /** The shelf price of one piece when the order was placed. */
    unitPrice: number
    /** unitPrice × quantity: the line at its shelf price (the discounts are the order's `discounts`). */
    lineTotal: number
    tags: string[]
    category: string
    /** How many of this piece can still be asked for in an exchange or return, or why none (§9). */
    returnable: { quantity: number; reason: PieceRefusal | null }
    /** The sizes an exchange of this piece may ask for (only while the piece can be asked for). */
    exchangeSizes: string[]
  }>
  events: Array<{ status: OrderStatus; at: string; note: string | null }>
  createdAt: string
  receivedAt: string | null
  /** A bank transfer's deadline while the order waits for it (null otherwise). */
  paymentDueAt: string | null
  international: boolean
  /** Until when some piece can be asked for, or why none can. */
  returnWindow: { until: string | null; reason: ReturnRefusal | null }
  returns: ReturnRequestView[]
  shipments: ShipmentView[]
  /** The full tax invoice: issued, available to download, or why not (issue 17 item 8). */
  taxInvoice: TaxInvoiceState
}

/** Who places an order, as the limits on unpaid orders see it: the connection, and its bot check answer if any. */
export type Placement = { ip: string; captcha: string | null }

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
  /**
   * PayPal: PayPal's Orders API when configured, the built-in test provider in the demo, or null where PayPal is not
   * offered (an order asking for it is refused).
   */
  paypalProvider?: PaymentProvider | null
  /** Where a provider sends the shopper back: the storefront's order page for this number. */
  returnUrl: (orderNumber: string, lang: 'th' | 'en') => string
  /**
   * Where a provider that needs the shop to finish the payment sends the shopper back instead (PayPal: the API's
   * return and cancel endpoints, which capture or cancel, then send the shopper on to the order page).
   */
  providerReturn?: (providerId: string) => { returnUrl: string; cancelUrl: string } | null
  /** Tiers and member codes (issue 6). */
  membership?: MembershipService | null
  /** LINE messages to members linked to LINE (when a Messaging API channel is configured). */
  pushLine?: ((to: string, text: string) => Promise<void>) | null
  /** The storefront's order page, which a LINE message links to (absolute; decision 144). */
  orderPage?: ((orderNumber: string, lang: 'th' | 'en') => string) | null
  /**
   * What unpaid orders may hold per connection and per contact, and the bot check asked of a connection that holds
   * some already (issue 29 item 3; the domain's limits by default).
   */
  unpaidHolds?: UnpaidHoldLimits
  /** The shop's bot check: passes, or throws 428 CAPTCHA_REQUIRED with a challenge (none: never asked). */
  botCheck?: ((answer: string | null, ip: string) => Promise<void>) | null
  /** How long a bank transfer order waits for its money (default 24 h), and when before the end it is reminded (6 h). */
  bankTransfer?: { payWithinMs: number; remindBeforeMs: number }
  /**
   * Told when a bank transfer reminder is owed, in the transaction that marks the order reminded and queues the
   * reminder e-mail (for more channels, or a test's eyes).
   */
  onPaymentReminder?: ((tx: Db, order: OrderRow) => Promise<void>) | null
  /**
   * Told when the back office accepts an exchange or return (after it is stored; its failures are logged and
   * change nothing): the shopper's e-mail is sent from here.
   */
  onReturnAccepted?: (
    order: OrderRow,
    request: {
      id: string
      kind: ReturnKind
      reason: string
      items: Array<{ name: string; size: string; quantity: number }>
    },
  ) => Promise<void>
}

export const DEFAULT_BANK_TRANSFER = { payWithinMs: 24 * 60 * 60 * 1000, remindBeforeMs: 6 * 60 * 60 * 1000 }

/** At most this many orders per kind and run of the deadline job (the next run takes the rest). */
const DEADLINE_BATCH = 200

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
  stockOnline: variants.stockOnline,
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
  if (rows.length === 0) throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
  if (rows.some((row) => row.currency !== currency)) {
    throw new ApiError(409, 'REGION_MISMATCH', 'Invalid Region: Please remove product and try again')
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
  /** Exchanges and returns per piece, and shipments. */
  readonly returns: ReturnService
  constructor(private readonly options: OrderServiceOptions) {
    this.db = options.db
    this.returns = new ReturnService(options.db, options.onReturnAccepted ?? null)
  }

  /**
   * A code as a promotion: the shop's codes (NEW200), or one of the member's own tier and birth-month codes
   * (issue 6), whose use is recorded with the order.
   */
  private async promotion(
    code: string | null,
    memberId: string | null,
  ): Promise<{ promotion: Promotion; memberCodeId: string | null; kind: Exclude<DiscountKind, 'mix_match'> } | null> {
    if (!code) return null
    const normalised = code.trim().toUpperCase()
    const shopCode = SHOP_PROMOTIONS[normalised]
    if (shopCode) return { promotion: shopCode, memberCodeId: null, kind: 'code' }
    if (memberId && this.options.membership) {
      const { promotion, row } = await this.options.membership.promotionFor(memberId, normalised)
      return { promotion, memberCodeId: row.id, kind: row.kind === 'monthly' ? 'tier' : 'birth_month' }
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
        throw new ApiError(400, 'INVALID_INPUT', 'Please enter the address.', { fields: { address: 'required' } })
      }
      const values = normaliseAddress(input.address)
      const errors = validateAddress(values, { thai: await getThaiPostal() })
      for (const [field, code] of Object.entries(errors)) if (code) fields[`address.${field}`] = code
      address = values
    } else if (!input.storeId) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please select a branch', { fields: { storeId: 'required' } })
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
    }
    return { address, email: email?.value ?? '', telephone: phone?.value ?? '' }
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
    const checked = await this.validated(input)
    if (input.paymentMethod !== 'bank_transfer' && !this.providerFor(input.paymentMethod)) {
      throw new ApiError(400, 'PAYMENT_UNAVAILABLE', 'This payment method is not offered at the moment', {
        fields: { paymentMethod: 'unavailable' },
      })
    }
    const resolved = await this.promotion(input.promotionCode, owner.memberId)
    const promotion = resolved?.promotion ?? null
    if (input.shippingMethod === 'pickup' && input.storeId) {
      if (!(await this.storeNames()).has(input.storeId))
        throw new ApiError(400, 'INVALID_INPUT', 'Please select a branch', { fields: { storeId: 'invalid' } })
    }
    const now = new Date()
    const holds = this.options.unpaidHolds ?? DEFAULT_UNPAID_HOLD_LIMITS
    const holdsSince = new Date(now.getTime() - holds.windowMs)
    await this.checkConnection(placement, holds, holdsSince)
    const accessToken = randomToken(24)
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
          if (state?.orderId === orderId) throw new ApiError(409, 'CART_EMPTY', 'The cart is empty')
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
        assertOrderWithinRange(priced)
        await assertUnpaidHolds(
          tx,
          { placedFrom: placement.ip, email: checked.email, telephone: checked.telephone, lines },
          holds,
          holdsSince,
        )
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
        if (input.expectedTotal !== null && input.expectedTotal !== priced.total) {
          throw new ApiError(409, 'PRICES_CHANGED', 'SOME PRICES IN YOUR CART ARE NOT CURRENT.', {
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
            throw new ApiError(409, 'OUT_OF_STOCK', 'This item is out of stock. Please remove from cart', {
              fields: { [line.sku]: 'outOfStock' },
            })
          }
        }
        const discounts = discountLines(priced, resolved?.kind)
        const discount = discounts.reduce((sum, line) => sum + line.amount, 0)
        const discountRows = discounts.map((line, position) => ({ orderId, position, ...line }))
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
            // Stored net of the line's share of mix-and-match (returns refund by it); shown at the shelf price.
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
            provider: this.providerFor(input.paymentMethod)?.id ?? 'bank_transfer',
            method: input.paymentMethod,
            amount: priced.total,
            currency: input.currency,
          }),
        )
        // A bank transfer waits for its money until this moment (then the deadline job cancels the order).
        // A large quantity of one size is held for a shorter time (issue 29).
        const payWithinMs = (this.options.bankTransfer ?? DEFAULT_BANK_TRANSFER).payWithinMs
        const paymentDueAt =
          input.paymentMethod === 'bank_transfer'
            ? new Date(
                now.getTime() +
                  (holdsLargeQuantity(lines, holds)
                    ? Math.min(payWithinMs, holds.largeQuantityPayWithinMs)
                    : payWithinMs),
              )
            : null
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
            paymentDueAt,
            placedFrom: placement.ip,
            locale: input.lang,
            accessTokenHash: sha256(accessToken),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ ...getTableColumns(orders), claimed: sql<number>`(SELECT count(*) FROM ${claim})::int` })
        if (!stored) throw new Error('Order not stored')
        const { claimed, ...order } = stored
        if (claimed !== 1) throw new KeyAlreadyUsed()
        // Each discount on its own line, named (issue 29 item 7).
        if (discountRows.length > 0) await tx.insert(orderDiscounts).values(discountRows)
        if (resolved?.memberCodeId && this.options.membership && priced.promotion) {
          await this.options.membership.markUsed(tx, resolved.memberCodeId, order.id, priced.promotion.discount)
        }
        return { order, itemRows, discounts, events: [event] }
      })
    } catch (error) {
      if (error instanceof KeyAlreadyUsed) return this.replayOrClosed(idempotencyKey, digest)
      throw error
    }
    // Closed meanwhile: by this very request sent twice (its order is the answer), or by another one.
    if (!placed) return this.replayOrClosed(idempotencyKey, digest)
    const redirectUrl = input.paymentMethod === 'bank_transfer' ? null : await this.startPayment(placed.order)
    // The view of a new order is built from what was just written (no second read).
    const view = await this.view(placed.order, {
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
   * Before the order's transaction: a connection at its limit of unpaid orders is refused at once, and one that holds
   * some already must pass the bot check (issue 29). The transaction counts again, under a lock, with the contact.
   */
  private async checkConnection(placement: Placement, holds: UnpaidHoldLimits, since: Date): Promise<void> {
    const { orders: held } = await heldByConnection(this.db, placement.ip, since)
    if (held >= holds.perConnection) throw unpaidLimitError('connection')
    if (held >= holds.challengeFrom) await this.options.botCheck?.(placement.captcha, placement.ip)
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
    const view = await this.view(order)
    return { order: view, accessToken: null, redirectUrl: view.payment?.redirectUrl ?? null, replayed: true }
  }

  /** The provider that takes payments by this method, or null (bank transfers; PayPal where it is not offered). */
  private providerFor(method: PaymentMethod): PaymentProvider | null {
    if (method === 'card') return this.options.cardProvider
    if (method === 'paypal') return this.options.paypalProvider ?? null
    return null
  }

  private providerById(id: string): PaymentProvider | null {
    const { cardProvider, paypalProvider } = this.options
    return [cardProvider, paypalProvider].find((provider) => provider?.id === id) ?? null
  }

  /**
   * Opens the order's pending payment with its provider (card or PayPal); a failure leaves the order awaiting
   * payment (pay again later).
   */
  async startPayment(order: OrderRow): Promise<string | null> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
      .orderBy(desc(payments.createdAt))
      .limit(1)
    if (!payment) return null
    if (payment.redirectUrl) return payment.redirectUrl
    const provider = this.providerById(payment.provider)
    if (!provider) return null
    const lang = order.locale === 'en' ? 'en' : 'th'
    const orderPage = this.options.returnUrl(order.number, lang)
    const urls = this.options.providerReturn?.(provider.id) ?? { returnUrl: orderPage, cancelUrl: orderPage }
    try {
      const started = await provider.start({
        paymentId: payment.id,
        orderNumber: order.number,
        amount: order.total,
        currency: order.currency,
        description: `Order ${order.number}`,
        customerEmail: order.email,
        returnUrl: urls.returnUrl,
        cancelUrl: urls.cancelUrl,
        locale: lang,
      })
      await this.db
        .update(payments)
        .set({ providerRef: started.providerRef, redirectUrl: started.redirectUrl, updatedAt: new Date() })
        .where(eq(payments.id, payment.id))
      return started.redirectUrl
    } catch (error) {
      console.error('Payment could not start:', error instanceof Error ? error.message : error)
      return null
    }
  }

  /**
   * Pay again after a declined, cancelled or abandoned card or PayPal payment: a new attempt on the same order. A
   * pending attempt with a provider the shop no longer uses (PayPal configured since) gives way to a new one.
   */
  async retryPayment(order: OrderRow): Promise<string | null> {
    if (order.status !== 'awaiting_payment' || order.paymentMethod === 'bank_transfer') return null
    const provider = this.providerFor(order.paymentMethod)
    if (!provider) return null
    const pending = await this.db
      .select({ id: payments.id, provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    const stale = pending.filter((row) => row.provider !== provider.id)
    for (const row of stale) {
      await this.db
        .update(payments)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    }
    if (pending.length === stale.length) {
      await this.db.insert(payments).values({
        orderId: order.id,
        provider: provider.id,
        method: order.paymentMethod,
        amount: order.total,
        currency: order.currency,
      })
    }
    return this.startPayment(order)
  }

  /** The pending-or-settled payment of a provider's reference, with its order's number and language. */
  private async paymentOf(provider: string, providerRef: string) {
    const [row] = await this.db
      .select({ status: payments.status, number: orders.number, locale: orders.locale })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
      .limit(1)
    return row ?? null
  }

  /**
   * The shopper came back from the provider's page having approved the payment, or the provider reported the
   * approval: the shop finishes it (PayPal's capture) and records the result. Only a pending payment is finished, so a
   * duplicate webhook or a second return changes nothing; a provider that cannot be reached leaves it pending (the
   * webhook, PayPal's retries of it, or the next return finish it). Null when the reference is unknown.
   */
  async completePayment(provider: string, providerRef: string): Promise<{ number: string; lang: 'th' | 'en' } | null> {
    const payment = await this.paymentOf(provider, providerRef)
    if (!payment) return null
    const found = { number: payment.number, lang: payment.locale === 'en' ? ('en' as const) : ('th' as const) }
    const adapter = this.providerById(provider)
    if (payment.status !== 'pending' || !adapter?.complete) return found
    try {
      await this.settlePayment(provider, providerRef, await adapter.complete(providerRef))
    } catch (error) {
      console.error('Payment could not be completed:', error instanceof Error ? error.message : error)
    }
    return found
  }

  /**
   * The shopper gave up on the provider's page: the attempt is cancelled (pay again starts a new one), unless the
   * provider says it was paid or declined after all. Null when the reference is unknown.
   */
  async abandonPayment(provider: string, providerRef: string): Promise<{ number: string; lang: 'th' | 'en' } | null> {
    const payment = await this.paymentOf(provider, providerRef)
    if (!payment) return null
    const found = { number: payment.number, lang: payment.locale === 'en' ? ('en' as const) : ('th' as const) }
    if (payment.status !== 'pending') return found
    let state: PaymentState = 'pending'
    try {
      state = (await this.providerById(provider)?.status(providerRef)) ?? 'pending'
    } catch (error) {
      console.error('Payment state unknown:', error instanceof Error ? error.message : error)
    }
    await this.settlePayment(provider, providerRef, state === 'pending' ? 'cancelled' : state)
    return found
  }

  /** A verified webhook's update: an approval is completed (captured), any other state is recorded. */
  async applyUpdate(provider: string, update: PaymentUpdate): Promise<void> {
    if (update.status === 'approved') await this.completePayment(provider, update.providerRef)
    else await this.settlePayment(provider, update.providerRef, update.status)
  }

  /** A provider's verdict on a payment (hosted test page, webhooks, PayPal's capture). Paid moves the order to paid once. */
  async settlePayment(provider: string, providerRef: string, status: PaymentState) {
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
   * e-mail the shopper is owed (payment received, shipped, cancelled) are stored in one transaction, the order row
   * locked and its status guarded, so a crash never leaves a cancelled order holding its stock and a change happens
   * once; the e-mail worker sends the e-mail. Members linked to LINE also get a LINE message.
   */
  async changeStatus(
    orderId: string,
    status: OrderStatus,
    note: string | null,
    options: { cancelReason?: OrderCancelReason; lang?: 'th' | 'en' } = {},
  ): Promise<OrderView> {
    const now = new Date()
    const updated = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
      if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      if (!ORDER_TRANSITIONS[order.status].includes(status)) {
        throw new ApiError(409, 'NOT_ALLOWED', `An order ${order.status} cannot become ${status}`)
      }
      const [row] = await tx
        .update(orders)
        .set({ status, updatedAt: now, ...(status === 'received' ? { receivedAt: now } : {}) })
        .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
        .returning()
      if (!row) throw new ApiError(409, 'NOT_ALLOWED', 'The order changed meanwhile')
      await tx.insert(orderEvents).values({ orderId, status, note, createdAt: now })
      // The back office marking an order paid (a bank transfer seen on the statement) settles its pending payment,
      // and a cancelled order's pending payment is cancelled with it (issue 17): the order page never says
      // "pending" for money the shop has, or for an order that is gone.
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
        // The parcels the back office added, with their tracking numbers and links.
        const shipments = await this.returns.shipmentsOf(orderId, order.locale === 'en' ? 'en' : 'th', tx)
        await enqueueOrderMail(tx, { kind: 'shipped', orderId, data: { shipments } }, now)
      } else if (status === 'cancelled') {
        const reason = options.cancelReason ?? 'shop'
        await enqueueOrderMail(
          tx,
          { kind: 'order_cancelled', orderId, data: { reason, refund: order.status === 'paid' } },
          now,
        )
      }
      return row
    })
    if (updated.memberId && this.options.membership && ['paid', 'cancelled', 'returned'].includes(status)) {
      if (status === 'cancelled') await this.options.membership.releaseCode(updated.id)
      await this.options.membership.recompute(updated.memberId)
    }
    await this.pushLineStatus(updated)
    return this.view(updated, undefined, now, options.lang)
  }

  /**
   * The bank transfer deadlines (issue 17), run every minute by every instance: each order unpaid near its deadline
   * is reminded once, each one past it is cancelled with its stock released. Both are claimed by a guarded update,
   * so two instances (or a run after a restart) never remind or cancel twice, and a run missed while the shop was
   * down is made up by the next one.
   */
  async runPaymentDeadlines(now = new Date()): Promise<{ reminded: number; cancelled: number }> {
    const { remindBeforeMs } = this.options.bankTransfer ?? DEFAULT_BANK_TRANSFER
    const at = sql`${now.toISOString()}::timestamptz`
    const unpaid = and(eq(orders.status, 'awaiting_payment'), isNotNull(orders.paymentDueAt))
    // Reminded at the deadline minus `remindBeforeMs`, never in the first half of the window.
    const remindFrom = sql`${orders.paymentDueAt} - least(${remindBeforeMs} * interval '1 millisecond', (${orders.paymentDueAt} - ${orders.createdAt}) / 2)`
    const toRemind = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(unpaid, isNull(orders.paymentRemindedAt), sql`${orders.paymentDueAt} > ${at}`, sql`${remindFrom} <= ${at}`),
      )
      .orderBy(asc(orders.paymentDueAt))
      .limit(DEADLINE_BATCH)
    let reminded = 0
    for (const { id } of toRemind) {
      const claimed = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ paymentRemindedAt: now })
          .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), isNull(orders.paymentRemindedAt)))
          .returning()
        if (!row?.paymentDueAt) return false
        await enqueueOrderMail(
          tx,
          { kind: 'bank_transfer_reminder', orderId: id, data: { paymentDeadline: row.paymentDueAt.toISOString() } },
          now,
        )
        await this.options.onPaymentReminder?.(tx, row)
        return true
      })
      if (claimed) reminded += 1
    }
    const overdue = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(unpaid, sql`${orders.paymentDueAt} <= ${at}`))
      .orderBy(asc(orders.paymentDueAt))
      .limit(DEADLINE_BATCH)
    let cancelled = 0
    for (const { id } of overdue) {
      try {
        await this.changeStatus(id, 'cancelled', DEADLINE_PASSED_NOTE, { cancelReason: 'payment_deadline_passed' })
        cancelled += 1
      } catch (error) {
        // Paid or cancelled meanwhile (by the back office, the shopper or another instance): nothing to do.
        if (!(error instanceof ApiError && error.status === 409)) throw error
      }
    }
    return { reminded, cancelled }
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
      const locale = mailLocale(order.locale)
      const status = statusLineText(await mailI18n(locale), order.number, order.status)
      // The member's order page, where the status, the payment and the parcel are (a member's order has a page).
      const page = this.options.orderPage?.(order.number, locale)
      const text = page ? `${status}\n${page}` : status
      await pushLine(member.lineUserId, text)
    } catch (error) {
      console.error('LINE notification failed:', error instanceof Error ? error.message : error)
    }
  }

  /** The shopper cancels: only before the parcel is packed (§4: never once paid and in transit). */
  async cancelByShopper(order: OrderRow, lang?: 'th' | 'en'): Promise<OrderView> {
    if (!canCancel(order.status)) {
      throw new ApiError(409, 'NOT_ALLOWED', 'This order can no longer be cancelled')
    }
    return this.changeStatus(order.id, 'cancelled', CANCELLED_BY_SHOPPER_NOTE, { cancelReason: 'shopper', lang })
  }

  /**
   * An exchange or return of some pieces, asked for after receipt, within 7 days, for returnable pieces of
   * domestic orders, each unit once (§4, §9).
   */
  async requestReturn(
    order: OrderRow,
    input: ReturnRequestInput,
    now = new Date(),
    lang?: 'th' | 'en',
  ): Promise<OrderView> {
    await this.returns.request(order, input, now)
    return this.view(order, undefined, now, lang)
  }

  /** Back office: a parcel of the order and its tracking number. */
  async addShipment(order: OrderRow, carrier: CarrierId, trackingNumber: string) {
    const { added } = await this.returns.addShipment(order, carrier, trackingNumber)
    return { added, order: await this.view(order) }
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
    if (!order || !allowed) throw new ApiError(404, 'NOT_FOUND', 'No such order')
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
      discounts: DiscountLine[]
      events: Array<typeof orderEvents.$inferSelect>
      payment: { status: string; redirectUrl: string | null }
      returns: ReturnRequestView[]
      shipments: ShipmentView[]
    },
    now = new Date(),
    /** The language of the names (items, store, returns); the order's own language unless asked (issue 29). */
    asked?: 'th' | 'en',
  ): Promise<OrderView> {
    const lang = asked ?? (order.locale === 'en' ? 'en' : 'th')
    const [items, discounts, events, paymentRows, store, returns, shipments, invoices] = await Promise.all([
      known
        ? known.items
        : this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
      known ? known.discounts : orderDiscountLines(this.db, order.id),
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
      known ? known.returns : this.returns.ofOrder(order.id, lang),
      known ? known.shipments : this.returns.shipmentsOf(order.id, lang),
      // A new order has no invoice yet; otherwise one look at the invoice of this order.
      known
        ? []
        : this.db
            .select({ number: taxInvoices.number, issuedAt: taxInvoices.issuedAt })
            .from(taxInvoices)
            .where(eq(taxInvoices.orderId, order.id)),
    ])
    const requested = new Map<number, number>()
    for (const request of returns) {
      for (const item of request.items)
        requested.set(item.position, (requested.get(item.position) ?? 0) + item.quantity)
    }
    const pieces: ReturnPiece[] = items.map((item) => ({
      position: item.position,
      productId: item.productId,
      size: item.size,
      quantity: item.quantity,
      requested: requested.get(item.position) ?? 0,
      tags: item.tags,
      category: item.categorySlug,
    }))
    const returnable = pieces.map((piece) => pieceReturnable(order, piece, now))
    // Sizes to exchange for are read only when some piece can be asked for (never on the checkout path).
    const sizes = returnable.some((verdict) => verdict.reason === null)
      ? await this.returns.sizesOf(items.map((item) => item.productId))
      : new Map<string, string[]>()
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
      discounts,
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
      items: items.map((item, index) => ({
        position: item.position,
        sku: item.sku,
        productId: item.productId,
        name: lang === 'th' ? item.nameTh : item.nameEn,
        size: item.size,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        lineTotal: item.unitPrice * item.quantity,
        tags: item.tags,
        category: item.categorySlug,
        returnable: returnable[index] ?? { quantity: 0, reason: 'notReceived' },
        exchangeSizes: returnable[index]?.reason === null ? (sizes.get(item.productId) ?? []) : [],
      })),
      events: events.map((event) => ({ status: event.status, at: event.createdAt.toISOString(), note: event.note })),
      createdAt: order.createdAt.toISOString(),
      receivedAt: order.receivedAt?.toISOString() ?? null,
      paymentDueAt: order.status === 'awaiting_payment' ? (order.paymentDueAt?.toISOString() ?? null) : null,
      international: isInternational(order),
      returnWindow: orderReturnWindow(order, pieces, now),
      returns,
      shipments,
      taxInvoice: taxInvoiceState(order, invoices[0] ?? null),
    }
  }
}
