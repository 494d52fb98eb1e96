import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { carts, members, orders, outboxMessages, payments, products, variants } from '~/db/schema'
import { sha256 } from '~/api/accounts/crypto.server'
import { freshDatabase } from './database'
import { SELLER } from '~/brand'
import { thaiAddress } from './support/address'
import { plainSize } from './support/catalog'
import { jsonCaller, type Json } from './support/http'
import { OPERATOR, operatorAuth } from './support/operator'

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp

const call = jsonCaller(() => app)

function order(overrides: Json = {}): Json {
  return {
    email: 'somsri@example.com',
    telephone: '0812345678',
    shipping_method: 'courier',
    address: thaiAddress,
    payment_method: 'bank_transfer',
    ...overrides,
  }
}

/** A sku of a product that is not on sale, club or mix-and-match, with stock set as asked. */
const plainSku = (stock: number, offset = 0) => plainSize(database.db, offset, stock)

async function guestCart(sku: string, quantity = 1): Promise<string> {
  const added = await call('POST', '/cart/items?currency=thb', { body: { sku, quantity } })
  expect(added.status).toBe(201)
  const token = added.body.cart_token
  expect(typeof token).toBe('string')
  return token as string
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({
    db: database.db,
    storeKeys: ['demo'],
    commerce: { siteUrl: 'http://shop.test', paymentSecret: 'checkout-test-secret', operatorToken: OPERATOR },
  })
})

afterAll(async () => {
  await database?.close()
})

describe(`checkout on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('places an order by bank transfer: stock taken, cart closed, PromptPay payload for the total', async () => {
    const item = await plainSku(5)
    const token = await guestCart(item.sku, 2)
    const placed = await call('POST', '/orders?currency=thb&lang=th', {
      body: order(),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-bank-1' },
    })
    expect(placed.status).toBe(201)
    const placedOrder = placed.body.order as Json
    expect(placedOrder.number).toMatch(/^AS\d{4}-\d{5}$/)
    expect(placedOrder.status).toBe('awaiting_payment')
    expect(placedOrder.total).toBe(item.price * 2)
    expect(placedOrder.vat_included).toBe(Math.round((item.price * 2 * 7) / 107))
    const bank = placedOrder.bank_transfer as Json
    expect(String(bank.promptpay_payload)).toContain('5303764')
    const baht = ((item.price * 2) / 100).toFixed(2)
    expect(String(bank.promptpay_payload)).toContain(`54${String(baht.length).padStart(2, '0')}${baht}`)
    expect(placed.body.access_token).toEqual(expect.any(String))

    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(variant?.stockOnline).toBe(3)
    const cart = await call('GET', '/cart?currency=thb', { headers: { 'x-cart-token': token } })
    expect(cart.body.purchased).toBe(true)
    expect(cart.body.items).toEqual([])

    const guestView = await call('GET', `/orders/${String(placedOrder.number)}`, {
      headers: { 'x-order-token': String(placed.body.access_token) },
    })
    expect(guestView.status).toBe(200)
    expect((await call('GET', `/orders/${String(placedOrder.number)}`)).status).toBe(404)
  })

  it('shows an order in the language the page asks for: item names, bank and account names (issue 29)', async () => {
    const item = await plainSku(5, 7)
    const token = await guestCart(item.sku)
    const placed = await call('POST', '/orders?currency=thb&lang=th', {
      body: order(),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-languages-1' },
    })
    expect(placed.status).toBe(201)
    const number = String((placed.body.order as Json).number)
    const headers = { 'x-order-token': String(placed.body.access_token) }
    const [product] = await database.db
      .select({ nameTh: products.nameTh, nameEn: products.nameEn })
      .from(products)
      .where(eq(products.id, item.productId))
    if (!product) throw new Error('the product of the order')
    expect(product.nameEn).not.toBe(product.nameTh)

    const english = await call('GET', `/orders/${number}?lang=en`, { headers })
    expect(english.status).toBe(200)
    expect((english.body.items as Json[]).map((line) => line.name)).toEqual([product.nameEn])
    expect(english.body.bank_transfer).toMatchObject({
      bank_name: 'Kasikornbank',
      account_name: SELLER.legalName.en,
    })
    const thai = await call('GET', `/orders/${number}?lang=th`, { headers })
    expect((thai.body.items as Json[]).map((line) => line.name)).toEqual([product.nameTh])
    expect(thai.body.bank_transfer).toMatchObject({ bank_name: 'ธนาคารกสิกรไทย', account_name: SELLER.legalName.th })
    // Without a language: the order's own (Thai here).
    const unasked = await call('GET', `/orders/${number}`, { headers })
    expect((unasked.body.items as Json[]).map((line) => line.name)).toEqual([product.nameTh])
    // A language the shop does not have is a 400 with a reason, not a 500.
    const bad = await call('GET', `/orders/${number}?lang=fr`, { headers })
    expect(bad.status).toBe(400)
  })

  it('answers a replayed idempotency key with the same order, and refuses the key with another body', async () => {
    const item = await plainSku(5, 1)
    const token = await guestCart(item.sku)
    const headers = { 'x-cart-token': token, 'idempotency-key': 'order-replay-1' }
    const first = await call('POST', '/orders?currency=thb', { body: order(), headers })
    const again = await call('POST', '/orders?currency=thb', { body: order(), headers })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.replayed).toBe(true)
    expect((again.body.order as Json).number).toBe((first.body.order as Json).number)
    const other = await call('POST', '/orders?currency=thb', { body: order({ telephone: '0899999999' }), headers })
    expect(other.status).toBe(409)
    expect(other.body.reason).toBe('IDEMPOTENCY_CONFLICT')
  })

  it('refuses to order an emptied cart, and keeps the cart open', async () => {
    const item = await plainSku(5, 8)
    const token = await guestCart(item.sku)
    const cart = await call('GET', '/cart?currency=thb', { headers: { 'x-cart-token': token } })
    const [line] = cart.body.items as Json[]
    const removed = await call('DELETE', `/cart/items/${String(line?.id)}?currency=thb`, {
      headers: { 'x-cart-token': token },
    })
    expect(removed.status).toBeLessThan(300)
    const placed = await call('POST', '/orders?currency=thb', {
      body: order(),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-empty-cart' },
    })
    expect(placed.status).toBe(409)
    expect(placed.body).toMatchObject({ reason: 'CART_EMPTY', message: 'The cart is empty' })
    const [stored] = await database.db
      .select()
      .from(carts)
      .where(eq(carts.tokenHash, sha256(token)))
    expect(stored?.status).toBe('open')
  })

  it('refuses a used idempotency key for another cart and leaves that cart and the stock as they were', async () => {
    const item = await plainSku(5, 7)
    const first = await call('POST', '/orders?currency=thb', {
      body: order(),
      headers: { 'x-cart-token': await guestCart(item.sku), 'idempotency-key': 'order-key-two-carts' },
    })
    expect(first.status).toBe(201)
    const secondToken = await guestCart(item.sku)
    const second = await call('POST', '/orders?currency=thb', {
      body: order(),
      headers: { 'x-cart-token': secondToken, 'idempotency-key': 'order-key-two-carts' },
    })
    expect(second.status).toBe(409)
    expect(second.body.reason).toBe('IDEMPOTENCY_CONFLICT')
    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(variant?.stockOnline).toBe(4)
    const cart = await call('GET', '/cart?currency=thb', { headers: { 'x-cart-token': secondToken } })
    expect((cart.body.items as Json[]).map((line) => line.sku)).toEqual([item.sku])
    const retried = await call('POST', '/orders?currency=thb', {
      body: order(),
      headers: { 'x-cart-token': secondToken, 'idempotency-key': 'order-key-two-carts-b' },
    })
    expect(retried.status).toBe(201)
    const [after] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(after?.stockOnline).toBe(3)
  })

  it('ignores prices from the browser: the total is the catalog’s, and a moved price is the price-validity warning', async () => {
    const item = await plainSku(5, 2)
    const token = await guestCart(item.sku)
    await database.db
      .update(products)
      .set({ priceThb: item.price + 10_000 })
      .where(eq(products.id, item.productId))
    const cart = await call('GET', '/cart?currency=thb', { headers: { 'x-cart-token': token } })
    expect(cart.body.prices_changed).toBe(true)
    const stale = await call('POST', '/orders?currency=thb', {
      body: order({ expected_total: item.price, unit_price: 1, total: 1 }),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-price-1' },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.reason).toBe('PRICES_CHANGED')
    const placed = await call('POST', '/orders?currency=thb', {
      body: order({ expected_total: item.price + 10_000 }),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-price-2' },
    })
    expect(placed.status).toBe(201)
    expect((placed.body.order as Json).total).toBe(item.price + 10_000)
    await database.db.update(products).set({ priceThb: item.price }).where(eq(products.id, item.productId))
  })

  it('applies NEW200 from 1,000 THB and refuses a cart without an address, or a sold-out one', async () => {
    const item = await plainSku(5, 3)
    const quantity = Math.ceil(100_000 / item.price)
    const token = await guestCart(item.sku, Math.min(quantity, 5))
    const quote = await call('POST', '/checkout/quote?currency=thb', {
      body: { country: 'TH', shipping_method: 'courier', promotion_code: 'new200' },
      headers: { 'x-cart-token': token },
    })
    expect(quote.status).toBe(200)
    expect(quote.body.promotion).toEqual({ code: 'NEW200', discount: 20_000 })
    expect(quote.body.total).toBe((quote.body.subtotal as number) - 20_000)

    const noAddress = await call('POST', '/orders?currency=thb', {
      body: order({ address: null }),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-noaddress' },
    })
    expect(noAddress.status).toBe(400)
    expect(noAddress.body.message).toBe('Please enter the address.')

    await database.db.update(variants).set({ stockOnline: 0 }).where(eq(variants.sku, item.sku))
    const soldOut = await call('POST', '/orders?currency=thb', {
      body: order({ promotion_code: 'NEW200' }),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-soldout' },
    })
    expect(soldOut.status).toBe(409)
    expect(soldOut.body.reason).toBe('OUT_OF_STOCK')
    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(variant?.stockOnline).toBe(0)
    const [open] = await database.db.select().from(carts).where(eq(carts.status, 'open')).limit(1)
    expect(open).toBeDefined()
  })

  it('sells the last unit once when 20 shoppers check out at the same time', async () => {
    const item = await plainSku(20, 4)
    const tokens: string[] = []
    for (let i = 0; i < 20; i++) tokens.push(await guestCart(item.sku))
    await database.db.update(variants).set({ stockOnline: 1 }).where(eq(variants.sku, item.sku))
    const results = await Promise.all(
      tokens.map((token, index) =>
        call('POST', '/orders?currency=thb', {
          body: order(),
          headers: { 'x-cart-token': token, 'idempotency-key': `order-race-${index}` },
        }),
      ),
    )
    expect(results.filter((result) => result.status === 201)).toHaveLength(1)
    expect(
      results.filter((result) => result.status === 409).every((result) => result.body.reason === 'OUT_OF_STOCK'),
    ).toBe(true)
    expect(results.filter((result) => result.status === 409)).toHaveLength(19)
    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(variant?.stockOnline).toBe(0)
  })

  it('places parallel orders of carts that share two sizes, added in opposite orders', async () => {
    const first = await plainSku(50, 10)
    const second = await plainSku(50, 11)
    const tokens: string[] = []
    for (let i = 0; i < 10; i++) {
      const [a, b] = i % 2 === 0 ? [first, second] : [second, first]
      const token = await guestCart(a.sku)
      const added = await call('POST', '/cart/items?currency=thb', {
        body: { sku: b.sku, quantity: 1 },
        headers: { 'x-cart-token': token },
      })
      expect(added.status).toBe(201)
      tokens.push(token)
    }
    const results = await Promise.all(
      tokens.map((token, index) =>
        call('POST', '/orders?currency=thb', {
          body: order(),
          headers: { 'x-cart-token': token, 'idempotency-key': `order-crosswise-${index}` },
        }),
      ),
    )
    expect(results.map((result) => result.status)).toEqual(tokens.map(() => 201))
    const stock = await database.db
      .select({ sku: variants.sku, stock: variants.stockOnline })
      .from(variants)
      .where(sql`${variants.sku} IN (${first.sku}, ${second.sku})`)
    expect(stock.map((row) => row.stock)).toEqual([40, 40])
  })

  it('refuses a cart with one sold-out size, naming it, and takes no stock of the other', async () => {
    const plenty = await plainSku(5, 12)
    const scarce = await plainSku(5, 13)
    const token = await guestCart(plenty.sku)
    await call('POST', '/cart/items?currency=thb', {
      body: { sku: scarce.sku, quantity: 1 },
      headers: { 'x-cart-token': token },
    })
    await database.db.update(variants).set({ stockOnline: 0 }).where(eq(variants.sku, scarce.sku))
    const placed = await call('POST', '/orders?currency=thb', {
      body: order(),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-one-sold-out' },
    })
    expect(placed.status).toBe(409)
    expect(placed.body).toMatchObject({ reason: 'OUT_OF_STOCK', fields: { [scarce.sku]: 'outOfStock' } })
    expect(Object.keys(placed.body.fields as Json)).toEqual([scarce.sku])
    const [left] = await database.db.select().from(variants).where(eq(variants.sku, plenty.sku))
    expect(left?.stockOnline).toBe(5)
    const [cart] = await database.db
      .select()
      .from(carts)
      .where(eq(carts.tokenHash, sha256(token)))
    expect(cart?.status).toBe('open')
  })

  it('makes one order of parallel replays of one idempotency key', async () => {
    const item = await plainSku(10, 5)
    const token = await guestCart(item.sku)
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/orders?currency=thb', {
          body: order(),
          headers: { 'x-cart-token': token, 'idempotency-key': 'order-parallel-replay' },
        }),
      ),
    )
    // Every copy is answered with the one order: the first places it, the others replay it.
    expect(results.map((r) => r.status).toSorted()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201])
    const numbers = new Set(results.map((r) => (r.body.order as Json).number))
    expect(numbers.size).toBe(1)
    const [number] = [...numbers]
    const stored = await database.db
      .select()
      .from(orders)
      .where(eq(orders.number, String(number)))
    expect(stored).toHaveLength(1)
    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(variant?.stockOnline).toBe(9)
  })

  it('answers the first add with the same cart a later read shows, and adds to it afterwards', async () => {
    const item = await plainSku(5, 9)
    const added = await call('POST', '/cart/items?currency=thb&lang=th', { body: { sku: item.sku, quantity: 2 } })
    expect(added.status).toBe(201)
    const token = String(added.body.cart_token)
    const read = await call('GET', '/cart?currency=thb&lang=th', { headers: { 'x-cart-token': token } })
    const { cart_token: _token, ...firstAnswer } = added.body
    expect(read.body).toEqual(firstAnswer)
    expect((read.body.items as Json[])[0]).toMatchObject({ sku: item.sku, quantity: 2, unit_price: item.price })
    const again = await call('POST', '/cart/items?currency=thb&lang=th', {
      body: { sku: item.sku, quantity: 1 },
      headers: { 'x-cart-token': token },
    })
    expect(again.status).toBe(201)
    expect(again.body.cart_token).toBeUndefined()
    expect((again.body.items as Json[]).map((line) => line.quantity)).toEqual([3])
  })

  it('adds the same size from parallel requests to one line of one cart, within the line limit', async () => {
    const item = await plainSku(50, 6)
    const token = await guestCart(item.sku)
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/cart/items?currency=thb', {
          body: { sku: item.sku, quantity: 2 },
          headers: { 'x-cart-token': token },
        }),
      ),
    )
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201])
    const cart = await call('GET', '/cart?currency=thb', { headers: { 'x-cart-token': token } })
    expect(cart.status).toBe(200)
    const items = cart.body.items as Json[]
    expect(items).toHaveLength(1)
    expect(items[0]?.quantity).toBe(10)
  })

  it('pays by card on the hosted test page and moves the order along the operator’s states', async () => {
    const item = await plainSku(5, 6)
    const token = await guestCart(item.sku)
    const placed = await call('POST', '/orders?currency=thb&lang=en', {
      body: order({ payment_method: 'card' }),
      headers: { 'x-cart-token': token, 'idempotency-key': 'order-card-1' },
    })
    expect(placed.status).toBe(201)
    const redirectUrl = String(placed.body.redirect_url)
    expect(redirectUrl).toMatch(/^\/api\/public\/demo\/test-payments\/test_/)
    const pageUrl = new URL(redirectUrl, 'http://shop.test')
    const page = await app.request(pageUrl.toString())
    expect(page.status).toBe(200)
    const form = new URLSearchParams({
      return: pageUrl.searchParams.get('return') ?? '',
      sig: pageUrl.searchParams.get('sig') ?? '',
    })
    const approved = await app.request(`${pageUrl.origin}${pageUrl.pathname}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
    expect(approved.status).toBe(303)
    const number = String((placed.body.order as Json).number)
    expect(new URL(approved.headers.get('location') ?? '', 'http://shop.test').pathname).toBe(`/en/order/${number}`)
    const [paid] = await database.db.select().from(orders).where(eq(orders.number, number))
    expect(paid?.status).toBe('paid')

    const move = (status: string, auth = OPERATOR) =>
      call('POST', `/operator/orders/${number}/status`, {
        body: { status },
        headers: { authorization: `Bearer ${auth}` },
      })
    expect((await move('packed', 'wrong-token-wrong-token-wrong')).status).toBe(401)
    expect((await move('received')).status).toBe(409)
    expect((await move('packed')).status).toBe(200)
    expect((await move('in_transit')).status).toBe(200)
    expect((await move('cancelled')).body.reason).toBe('NOT_ALLOWED')
    const received = await move('received')
    expect(received.status).toBe(200)
    expect(received.body.received_at).toEqual(expect.any(String))
    const events = (received.body.events as Json[]).map((event) => event.status)
    expect(events).toEqual(['awaiting_payment', 'paid', 'packed', 'in_transit', 'received'])
  })

  it('settles a pending card payment when the back office marks the order paid, and cancels it with the order (issue 17)', async () => {
    const move = (number: string, status: string) =>
      call('POST', `/operator/orders/${number}/status`, {
        body: { status },
        headers: operatorAuth,
      })
    const placeByCard = async (key: string, offset: number) => {
      const item = await plainSku(5, offset)
      const token = await guestCart(item.sku)
      const placed = await call('POST', '/orders?currency=thb&lang=en', {
        body: order({ payment_method: 'card' }),
        headers: { 'x-cart-token': token, 'idempotency-key': key },
      })
      expect(placed.status).toBe(201)
      const number = String((placed.body.order as Json).number)
      const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number))
      const paymentOf = async () =>
        (
          await database.db
            .select({ status: payments.status })
            .from(payments)
            .where(eq(payments.orderId, row?.id ?? ''))
        ).map((payment) => payment.status)
      expect(await paymentOf()).toEqual(['pending'])
      return { number, paymentOf }
    }
    // The transfer was seen on the statement: the order is paid, and so is its payment.
    const paid = await placeByCard('order-card-operator-paid', 20)
    expect((await move(paid.number, 'paid')).status).toBe(200)
    expect(await paid.paymentOf()).toEqual(['paid'])
    // A cancelled order leaves no payment waiting.
    const cancelled = await placeByCard('order-card-operator-cancelled', 21)
    expect((await move(cancelled.number, 'cancelled')).status).toBe(200)
    expect(await cancelled.paymentOf()).toEqual(['cancelled'])
  })

  it('lists a member’s orders newest first and tells them of status changes by e-mail', async () => {
    // A member through the API's own registration.
    const registered = await call('POST', '/auth/register', {
      body: {
        fullname: 'Member Buyer',
        email: 'member.buyer@example.com',
        telephone: '0861234567',
        gender: 'female',
        birthdate: '1990-01-01',
        accept_terms: true,
      },
      headers: { 'x-forwarded-for': '203.0.113.50' },
    })
    const [message] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+66861234567'))
    const code = /\d{6}/.exec(message?.body ?? '')?.[0] ?? ''
    const verified = await call('POST', '/auth/verify', {
      body: { challenge_token: registered.body.challenge_token, code },
    })
    const session = String(verified.body.token)
    const auth = { authorization: `Bearer ${session}` }
    expect((await call('GET', '/me/orders', { headers: auth })).body.items).toEqual([])

    const numbers: string[] = []
    for (const offset of [7, 8]) {
      const item = await plainSku(5, offset)
      await call('POST', '/cart/items?currency=thb', { body: { sku: item.sku }, headers: auth })
      const placed = await call('POST', '/orders?currency=thb', {
        body: order({ email: 'member.buyer@example.com' }),
        headers: { ...auth, 'idempotency-key': `member-order-${offset}` },
      })
      expect(placed.status).toBe(201)
      expect(placed.body.access_token).toEqual(expect.any(String))
      numbers.push(String((placed.body.order as Json).number))
    }
    // A member's replay (the ordered cart is closed) is the same order, for either key; another body is a 409.
    const replayed = await call('POST', '/orders?currency=thb', {
      body: order({ email: 'member.buyer@example.com' }),
      headers: { ...auth, 'idempotency-key': 'member-order-7' },
    })
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200)
    expect(replayed.body.replayed).toBe(true)
    expect((replayed.body.order as Json).number).toBe(numbers[0])
    const conflicting = await call('POST', '/orders?currency=thb', {
      body: order({ email: 'member.buyer@example.com', telephone: '0899999999' }),
      headers: { ...auth, 'idempotency-key': 'member-order-8' },
    })
    expect(conflicting.status).toBe(409)
    expect(conflicting.body.reason).toBe('IDEMPOTENCY_CONFLICT')
    const emptied = await call('GET', '/cart?currency=thb', { headers: auth })
    expect(emptied.body.purchased).toBe(true)
    expect(emptied.body.items).toEqual([])
    const history = await call('GET', '/me/orders', { headers: auth })
    expect((history.body.items as Json[]).map((item) => item.number)).toEqual([...numbers].reverse())
    expect((await call('GET', `/orders/${numbers[0]}`, { headers: auth })).status).toBe(200)

    await call('POST', `/operator/orders/${numbers[0]}/status`, {
      body: { status: 'paid' },
      headers: operatorAuth,
    })
    // The e-mails are queued with the orders and the status change; the worker sends them (to the demo outbox here).
    await app.orderMails.deliverDue()
    const mails = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'member.buyer@example.com'))
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        `ขอบคุณสำหรับคำสั่งซื้อ ${numbers[0]}`,
        `ขอบคุณสำหรับคำสั่งซื้อ ${numbers[1]}`,
        `ได้รับการชำระเงินสำหรับคำสั่งซื้อ ${numbers[0]} แล้ว`,
      ].sort(),
    )
  })

  it('answers a member’s replay with the first order even when a new cart has been filled since, and leaves that cart alone', async () => {
    const [member] = await database.db
      .insert(members)
      .values({ fullname: 'Replay Member', email: 'replay.member@example.com', telephone: '+66869990001' })
      .returning()
    if (!member) throw new Error('no member')
    const grant = await app.accounts.sessions.startSession(member, { ip: '127.0.0.1', locale: 'en' }, null)
    const auth = { authorization: `Bearer ${grant.token}` }
    const first = await plainSku(5, 11)
    await call('POST', '/cart/items?currency=thb', { body: { sku: first.sku }, headers: auth })
    const headers = { ...auth, 'idempotency-key': 'member-replay-new-cart' }
    const placed = await call('POST', '/orders?currency=thb', { body: order(), headers })
    expect(placed.status).toBe(201)

    const second = await plainSku(5, 12)
    await call('POST', '/cart/items?currency=thb', { body: { sku: second.sku }, headers: auth })
    const replayed = await call('POST', '/orders?currency=thb', { body: order(), headers })
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200)
    expect((replayed.body.order as Json).number).toBe((placed.body.order as Json).number)
    const cart = await call('GET', '/cart?currency=thb', { headers: auth })
    expect((cart.body.items as Json[]).map((item) => item.sku)).toEqual([second.sku])
    const [variant] = await database.db.select().from(variants).where(eq(variants.sku, second.sku))
    expect(variant?.stockOnline).toBe(5)
  })

  it('refuses a code on a cart of sale items only', async () => {
    const [sale] = await database.db
      .select({ sku: variants.sku })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`'sale' = ANY(${products.tags}) AND NOT ('club' = ANY(${products.tags}))`)
      .limit(1)
    if (!sale) throw new Error('no sale item in the demo catalog')
    await database.db.update(variants).set({ stockOnline: 10 }).where(eq(variants.sku, sale.sku))
    const token = await guestCart(sale.sku, 5)
    const quote = await call('POST', '/checkout/quote?currency=thb', {
      body: { country: 'TH', shipping_method: 'courier', promotion_code: 'NEW200' },
      headers: { 'x-cart-token': token },
    })
    expect(quote.body.promotion).toBeNull()
    expect(quote.body.promotion_rejected).toEqual({ code: 'NEW200', reason: 'noEligibleItems' })
  })
})

describe('after the order', () => {
  async function placedOrder(offset: number, overrides: Json = {}) {
    const item = await plainSku(5, offset)
    const token = await guestCart(item.sku)
    const placed = await call('POST', '/orders?currency=thb', {
      body: order(overrides),
      headers: { 'x-cart-token': token, 'idempotency-key': `after-${offset}-${Date.now()}` },
    })
    expect(placed.status).toBe(201)
    const number = String((placed.body.order as Json).number)
    const headers = { 'x-order-token': String(placed.body.access_token) }
    return { item, number, headers }
  }
  const operator = (number: string, status: string) =>
    call('POST', `/operator/orders/${number}/status`, {
      body: { status },
      headers: operatorAuth,
    })

  it('lets the shopper cancel before packing, and gives the stock back', async () => {
    const { item, number, headers } = await placedOrder(10)
    const [before] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    const cancelled = await call('POST', `/orders/${number}/cancel`, { headers })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    const [after] = await database.db.select().from(variants).where(eq(variants.sku, item.sku))
    expect(after?.stockOnline).toBe((before?.stockOnline ?? 0) + 1)

    const late = await placedOrder(11)
    await operator(late.number, 'paid')
    await operator(late.number, 'packed')
    const refused = await call('POST', `/orders/${late.number}/cancel`, { headers: late.headers })
    expect(refused.status).toBe(409)
  })

  it('takes an exchange request of a piece only after receipt, once (every rule: returns.test.ts)', async () => {
    const { number, headers } = await placedOrder(12)
    const piece = { kind: 'exchange', reason: 'size_does_not_fit', items: [{ position: 0, quantity: 1 }] }
    const early = await call('POST', `/orders/${number}/return-requests`, { body: piece, headers })
    expect(early.status).toBe(409)
    expect((early.body.fields as Json).order).toBe('notReceived')
    for (const status of ['paid', 'packed', 'in_transit', 'received'])
      expect((await operator(number, status)).status).toBe(200)
    const asked = await call('POST', `/orders/${number}/return-requests`, {
      body: { ...piece, note: 'size M instead' },
      headers,
    })
    expect(asked.status).toBe(201)
    expect((asked.body.returns as Json[])[0]).toMatchObject({ kind: 'exchange', status: 'requested' })
    const twice = await call('POST', `/orders/${number}/return-requests`, {
      body: { ...piece, kind: 'return' },
      headers,
    })
    expect(twice.status).toBe(409)
  })

  it('refuses a return of an international order', async () => {
    const { number, headers } = await placedOrder(13, {
      address: {
        ...thaiAddress,
        country: 'SG',
        postcode: '018956',
        province: '',
        district: 'Singapore',
        sub_district: '',
        telephone_number: '+6591234567',
      },
      telephone: '+6591234567',
    })
    for (const status of ['paid', 'packed', 'in_transit', 'received']) await operator(number, status)
    const refused = await call('POST', `/orders/${number}/return-requests`, {
      body: { kind: 'return', reason: 'changed_my_mind', items: [{ position: 0, quantity: 1 }] },
      headers,
    })
    expect(refused.status).toBe(409)
    expect((refused.body.fields as Json).order).toBe('international')
  })

  it('lets the back office change a price and a stock, behind its token', async () => {
    const item = await plainSku(5, 14)
    const token = await guestCart(item.sku)
    const put = (path: string, body: Json, auth = OPERATOR) =>
      call('PUT', path, { body, headers: { authorization: `Bearer ${auth}` } })
    expect(
      (
        await put(
          `/operator/products/${item.productId}/price`,
          { price_thb: 1, price_usd: 1 },
          'nope-nope-nope-nope-nope',
        )
      ).status,
    ).toBe(401)
    expect(
      (await put(`/operator/products/${item.productId}/price`, { price_thb: item.price + 5_000, price_usd: 9_900 }))
        .status,
    ).toBe(204)
    expect((await put(`/operator/variants/${item.sku}/stock`, { stock_online: 0 })).status).toBe(204)
    const cart = await call('GET', '/cart?currency=thb', { headers: { 'x-cart-token': token } })
    const [line] = cart.body.items as Json[]
    expect(line?.price_changed).toBe(true)
    expect(line?.unit_price).toBe(item.price + 5_000)
    expect(line?.out_of_stock).toBe(true)
    expect(cart.body.blocked).toBe(true)
    await put(`/operator/products/${item.productId}/price`, { price_thb: item.price, price_usd: 9_900 })
  })
})
