import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './test'
import { roomyVariant } from './stock'

const API = '/api/public/demo'
const OPERATOR = 'e2e-operator-token-0123456789abcdef'

/** The subjects the demo outbox holds for a recipient (it stands in for SMTP in the demo). */
async function subjects(request: APIRequestContext, recipient: string): Promise<string[]> {
  const response = await request.get(`${API}/dev/outbox?recipient=${encodeURIComponent(recipient)}`)
  const { items } = (await response.json()) as { items: Array<{ subject: string }> }
  return items.map((item) => item.subject)
}

// The server's own e-mail worker (started with it, decision 024) sends what an order queued: no test calls it.
test(
  'the running shop sends a guest the order e-mails in the order’s language',
  { tag: '@cluster' },
  async ({ request }) => {
    const variant = await roomyVariant(request, 'linen-wrap-dress-1001')
    const added = await request.post(`${API}/cart/items?currency=thb`, { data: { sku: variant.sku } })
    expect(added.status()).toBe(201)
    const { cart_token: cartToken } = (await added.json()) as { cart_token: string }
    const email = `e2e-order-mail-${Date.now().toString(36)}@example.com`
    const placed = await request.post(`${API}/orders?currency=thb&lang=en`, {
      headers: { 'x-cart-token': cartToken, 'idempotency-key': `e2e-order-mail-${email}` },
      data: {
        email,
        telephone: '0812345678',
        shipping_method: 'pickup',
        store_id: 'siam-paragon',
        payment_method: 'bank_transfer',
      },
    })
    expect(placed.status()).toBe(201)
    const { order } = (await placed.json()) as { order: { number: string } }

    await expect
      .poll(() => subjects(request, email), { timeout: 20_000 })
      .toEqual([`Thank you for your order ${order.number}`])
    const moved = await request.post(`${API}/operator/orders/${order.number}/status`, {
      headers: { authorization: `Bearer ${OPERATOR}` },
      data: { status: 'paid' },
    })
    expect(moved.status()).toBe(200)
    await expect
      .poll(async () => (await subjects(request, email)).sort(), { timeout: 20_000 })
      .toEqual([`Payment received for order ${order.number}`, `Thank you for your order ${order.number}`])
  },
)
