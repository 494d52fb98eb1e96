import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test'

const API = '/api/public/demo'

/** The guest who orders: the name and e-mail a spec gives its orders, so that its mails and pages are its own. */
export type Guest = { lastname: string; email: string }

/**
 * A guest's bank-transfer order of one of each size, delivered by courier in Bangkok, placed through the API in
 * `lang`; the browser holds the guest's order token (the `guest_orders` cookie) as the checkout would have left it.
 * Answers the order's number.
 */
export async function placeGuestOrder(
  request: APIRequestContext,
  context: BrowserContext,
  order: { skus: readonly string[]; lang: 'th' | 'en'; guest: Guest; idempotencyKey: string },
): Promise<string> {
  let cartToken = ''
  for (const sku of order.skus) {
    const added = await request.post(`${API}/cart/items?currency=thb`, {
      data: { sku, quantity: 1 },
      headers: cartToken ? { 'x-cart-token': cartToken } : {},
    })
    expect(added.status()).toBe(201)
    cartToken ||= String(((await added.json()) as { cart_token: string }).cart_token)
  }
  const placed = await request.post(`${API}/orders?currency=thb&lang=${order.lang}`, {
    headers: { 'x-cart-token': cartToken, 'idempotency-key': order.idempotencyKey },
    data: {
      email: order.guest.email,
      telephone: '0812345678',
      shipping_method: 'courier',
      payment_method: 'bank_transfer',
      address: {
        firstname: 'Somsri',
        lastname: order.guest.lastname,
        telephone_number: '0812345678',
        email: order.guest.email,
        address: '99/1 Phahonyothin Road',
        country: 'TH',
        postcode: '10900',
        sub_district: 'ลาดยาว',
        district: 'จตุจักร',
        province: 'กรุงเทพมหานคร',
      },
    },
  })
  expect(placed.status()).toBe(201)
  const body = (await placed.json()) as { order: { number: string }; access_token: string }
  await context.addCookies([
    {
      name: 'guest_orders',
      value: `${body.order.number}:${body.access_token}`,
      domain: '127.0.0.1',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ])
  return body.order.number
}
