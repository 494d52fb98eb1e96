import type { APIRequestContext } from '@playwright/test'
import { ADMIN_API, newStaff, signInByApi } from './staff'
import { roomyVariant } from './stock'
import { expectNoViolations } from './support/admin'
import { expect, test } from './test'

/**
 * Returns to the end in the browser (issue 31 item 9), in Thai: a shopper's order with a tax invoice, delivered and
 * asked back through the shop's API; customer service accepts the request on the order screen, receives the piece
 * as new and restocks it online, refunds it, and the credit note opens as a PDF.
 */

const API = '/api/public/demo'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }

/** A received guest order of one dress with the buyer's tax ID, its tax invoice issued, and a return asked. */
async function returnAsked(request: APIRequestContext): Promise<{ number: string; sku: string }> {
  const variant = await roomyVariant(request, 'linen-wrap-dress-1001')
  const added = await request.post(`${API}/cart/items?currency=thb`, { data: { sku: variant.sku } })
  expect(added.status()).toBe(201)
  const { cart_token: cartToken } = (await added.json()) as { cart_token: string }
  const email = `e2e-admin-returns-${Date.now()}@example.com`
  const placed = await request.post(`${API}/orders?currency=thb&lang=th`, {
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `e2e-admin-returns-${Math.random()}` },
    data: {
      email,
      telephone: '0812345678',
      shipping_method: 'courier',
      address: {
        firstname: 'สมหญิง',
        lastname: 'ใจดี',
        telephone_number: '0812345678',
        email,
        address: '99/1 ถนนพหลโยธิน',
        country: 'TH',
        postcode: '10900',
        sub_district: 'ลาดยาว',
        district: 'จตุจักร',
        province: 'กรุงเทพมหานคร',
        tax_id: '1101700230708',
      },
      payment_method: 'bank_transfer',
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const body = (await placed.json()) as { order: { number: string }; access_token: string }
  const number = body.order.number
  const token = { 'x-order-token': body.access_token }
  for (const status of ['paid', 'packed', 'in_transit', 'received']) {
    const moved = await request.post(`${API}/operator/orders/${number}/status`, { headers: OPERATOR, data: { status } })
    expect(moved.status(), await moved.text()).toBe(200)
  }
  expect((await request.get(`${API}/orders/${number}/tax-invoice`, { headers: token })).status()).toBe(200)
  const asked = await request.post(`${API}/orders/${number}/return-requests`, {
    headers: token,
    data: { kind: 'return', reason: 'size_does_not_fit', items: [{ position: 0, quantity: 1 }] },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  return { number, sku: variant.sku }
}

test('customer service accepts a return, receives and restocks the piece, refunds it; the credit note opens (th)', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const { number } = await returnAsked(page.request)
  const staff = await newStaff(page.request, 'customer_service', { language: 'th' })
  await signInByApi(page.request, staff)

  await page.goto(`/admin/orders/${number}`)
  await expect(page.getByRole('heading', { level: 1, name: `คำสั่งซื้อ ${number}` })).toBeVisible()
  const panel = page.locator('.admin-return')
  await expect(panel).toContainText('รอพิจารณา')
  await expect(panel).toContainText('ขนาดไม่พอดี')

  await panel.getByLabel('ข้อความถึงลูกค้า (ต้องระบุเมื่อปฏิเสธ)').fill('โปรดส่งคืนพร้อมป้ายสินค้า')
  await panel.getByRole('button', { name: 'รับคำขอ', exact: true }).click()
  await expect(panel).toContainText('รับคำขอแล้ว: รอสินค้าส่งคืน')
  await expect(panel).toContainText('โปรดส่งคืนพร้อมป้ายสินค้า')

  // The piece arrives as new and goes back on sale online.
  const form = panel.getByRole('form', { name: 'รับสินค้าคืน' })
  await expect(form.getByLabel('สภาพใหม่ (นำกลับมาขาย)')).toHaveValue('1')
  await expect(form.getByLabel('นำสินค้าสภาพใหม่เข้าสต็อกที่')).toHaveValue('online')
  await expectNoViolations(page, `/admin/orders/${number} (receiving)`)
  await form.getByRole('button', { name: 'บันทึกการรับสินค้าคืน' }).click()
  await expect(panel.getByRole('status')).toContainText('คลังสินค้าออนไลน์')

  await panel.getByRole('button', { name: 'คืนเงินสินค้าที่ได้รับคืน' }).click()
  await expect(panel).toContainText('ยอดที่ต้องคืนเงิน')
  const credit = panel.getByRole('link', { name: /ใบลดหนี้ CN\d{7}/ })
  await expect(credit).toBeVisible()
  await expectNoViolations(page, `/admin/orders/${number} (refunded)`)

  // The credit note opens: the link is the PDF, for this signed-in member of staff.
  const href = await credit.getAttribute('href')
  const pdf = await page.request.get(href ?? '')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // Done for the API too, not only on the screen.
  const order = (await (await page.request.get(`${ADMIN_API}/orders/${number}`)).json()) as {
    returns: Array<{ status: string }>
  }
  expect(order.returns.map((request) => request.status)).toEqual(['completed'])
})
