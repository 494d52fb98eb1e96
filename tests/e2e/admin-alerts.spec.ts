import { createHmac, randomBytes } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { roomyVariant } from './stock'
import { newStaff, signInByApi } from './staff'
import { expectNoViolations, openAdmin } from './support/admin'
import { placeGuestOrder } from './support/guest-orders'
import { expect, test } from './test'

/**
 * LINE alerts for staff in the browser (issue 31 item 10), in Thai on a phone: customer service opens My alerts, asks
 * for a link code, sends it to the shop's LINE Official Account (LINE's webhook, signed as LINE signs it), sees the
 * account linked, chooses return alerts, and a shopper's return request (through the shop's API) shows up as an alert
 * recorded by the demo shop. Sending, permissions and duplicates are proved in tests/integration/staff-alerts.test.ts.
 */

const API = '/api/public/demo'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
/** The test server's LINE channel secret (playwright.config.ts). */
const CHANNEL_SECRET = 'e2e0c0ffee0123456789abcdef012345'

/** A message to the Official Account as LINE's webhook delivers it: signed with the channel secret. */
async function sendToOfficialAccount(request: APIRequestContext, userId: string, text: string) {
  const body = JSON.stringify({
    destination: 'U0123456789abcdef0123456789abcdef',
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId },
        webhookEventId: `01HE2E${randomBytes(8).toString('hex')}`,
        deliveryContext: { isRedelivery: false },
        replyToken: randomBytes(16).toString('hex'),
        message: { id: '444573844083572737', type: 'text', quoteToken: 'q', text },
      },
    ],
  })
  const signature = createHmac('sha256', CHANNEL_SECRET).update(body).digest('base64')
  const answer = await request.post(`${API}/line/webhook`, {
    headers: { 'content-type': 'application/json', 'x-line-signature': signature },
    data: body,
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

/** A shopper's received order (placed and moved through the API) and their return request of its piece. */
async function returnAsked(request: APIRequestContext, context: Parameters<typeof placeGuestOrder>[1]) {
  const number = await placeGuestOrder(request, context, {
    skus: [(await roomyVariant(request, 'linen-wrap-dress-1001')).sku],
    lang: 'th',
    guest: { lastname: 'Alerts', email: 'alerts.guest@example.com' },
    idempotencyKey: `e2e-admin-alerts-${Date.now()}-${Math.random()}`,
  })
  for (const status of ['paid', 'packed', 'in_transit', 'received']) {
    const moved = await request.post(`${API}/operator/orders/${number}/status`, { headers: OPERATOR, data: { status } })
    expect(moved.status()).toBe(200)
  }
  const guest = (await context.cookies()).find((cookie) => cookie.name === 'guest_orders')
  const token = guest?.value.split(':')[1] ?? ''
  const asked = await request.post(`${API}/orders/${number}/return-requests`, {
    headers: { 'x-order-token': token },
    data: { kind: 'return', reason: 'size_does_not_fit', items: [{ position: 0, quantity: 1 }] },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  return number
}

test('customer service links LINE, chooses return alerts and sees a return request’s alert, in Thai @mobile', async ({
  page,
  request,
}) => {
  const staff = await newStaff(request, 'customer_service', { language: 'th' })
  await signInByApi(page.context().request, staff)
  await openAdmin(page, '/admin/alerts/mine')
  await expect(page.getByRole('heading', { level: 1, name: 'การแจ้งเตือนของฉัน' })).toBeVisible()
  await expect(page.getByText('ร้านสาธิต: การแจ้งเตือนจะบันทึกไว้ที่นี่ ไม่ได้ส่งไปยัง LINE')).toBeVisible()

  // The code, shown once, sent to the Official Account from the staff member's LINE: the screen sees the link.
  await page.getByRole('button', { name: 'ขอรหัสเชื่อมต่อ' }).click()
  const code = page.locator('.admin-alerts__code-value')
  await expect(code).toHaveText(/^LINK-[A-Z0-9]{8}$/)
  await sendToOfficialAccount(request, `U${randomBytes(16).toString('hex')}`, (await code.textContent()) ?? '')
  await expect(page.getByRole('status').filter({ hasText: 'เชื่อมต่อเมื่อ' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ LINE' })).toBeVisible()

  // Only what customer service may act on can be chosen: not stock, not shipping.
  await expect(
    page.getByRole('checkbox', { name: 'ไซซ์ที่สต็อกออนไลน์ใกล้หมด (ต่ำกว่าเกณฑ์ของไซซ์ ค่าเริ่มต้น 3 ชิ้น ตั้งได้ในหน้าสต็อก)' }),
  ).toBeDisabled()
  await page.getByRole('checkbox', { name: 'ลูกค้าขอเปลี่ยนหรือคืนสินค้า' }).check()
  await page.getByRole('button', { name: 'บันทึกการเลือก' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'บันทึกการเลือกของคุณแล้ว' })).toBeVisible()
  await expectNoViolations(page, '/admin/alerts/mine on a phone')

  // A shopper asks to return a piece: the demo shop records the alert (never sent), shown with the order's link.
  const number = await returnAsked(request, page.context())
  const recent = page.getByRole('list', { name: 'การแจ้งเตือนล่าสุด' })
  await expect(async () => {
    await page.reload()
    await expect(recent).toContainText(`ลูกค้าขอคืนสินค้า 1 ชิ้น: คำสั่งซื้อ ${number}`, { timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
  await expect(recent).toContainText('บันทึกไว้ (สาธิต: ไม่ได้ส่ง)')
  await expect(recent.getByRole('link', { name: 'เปิดในหลังร้าน' }).first()).toHaveAttribute(
    'href',
    `/admin/orders/${number}`,
  )
})
