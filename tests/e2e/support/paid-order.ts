import { expect, type APIRequestContext } from '@playwright/test'
import { roomyVariant } from '../stock'

const API = '/api/public/demo'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }

/** A guest's order through the shop's API, paid by the back office's operator call; its number. */
export async function paidOrder(request: APIRequestContext, tag: string): Promise<string> {
  const variant = await roomyVariant(request, 'linen-wrap-dress-1001')
  const added = await request.post(`${API}/cart/items?currency=thb`, { data: { sku: variant.sku } })
  expect(added.status()).toBe(201)
  const { cart_token: cartToken } = (await added.json()) as { cart_token: string }
  const telephone = `08${String(Date.now() % 100_000_000).padStart(8, '0')}`
  const placed = await request.post(`${API}/orders?currency=thb&lang=th`, {
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `e2e-fulfil-${tag}-${Math.random()}` },
    data: {
      email: `e2e-fulfil-${tag}@example.com`,
      telephone,
      shipping_method: 'courier',
      address: {
        firstname: 'สมหญิง',
        lastname: 'ใจดี',
        telephone_number: telephone,
        email: `e2e-fulfil-${tag}@example.com`,
        address: '99/1 ถนนพหลโยธิน',
        country: 'TH',
        postcode: '10900',
        sub_district: 'ลาดยาว',
        district: 'จตุจักร',
        province: 'กรุงเทพมหานคร',
      },
      payment_method: 'bank_transfer',
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const number = ((await placed.json()) as { order: { number: string } }).order.number
  const paid = await request.post(`${API}/operator/orders/${number}/status`, {
    headers: OPERATOR,
    data: { status: 'paid' },
  })
  expect(paid.status(), await paid.text()).toBe(200)
  return number
}
