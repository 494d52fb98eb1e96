import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN_API, newStaff, signInByApi, STAFF_HEADERS } from './staff'
import { roomyVariant } from './stock'
import { expect, test } from './test'

/**
 * The orders workspace in the browser (issue 31 item 5), in Thai and in English: a shopper's order placed through the
 * shop's API; customer service finds it by the telephone number, opens it, adds a note and cancels it with a reason;
 * the warehouse may look but not cancel; every screen axe-clean; the home's queues on a phone.
 */

const API = '/api/public/demo'
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(lines, `axe violations on ${where}:\n${lines.join('\n')}`).toEqual([])
}

/** A telephone number no other order of the run has: 08 and eight digits. */
function uniqueTelephone(): string {
  return `08${String(Date.now() % 100_000_000).padStart(8, '0')}`
}

/** A guest's order through the shop's own API (a bank transfer, waiting to be paid); its number. */
async function placeOrder(request: APIRequestContext, telephone: string, lang: 'th' | 'en'): Promise<string> {
  const variant = await roomyVariant(request, 'linen-wrap-dress-1001')
  const added = await request.post(`${API}/cart/items?currency=thb`, { data: { sku: variant.sku } })
  expect(added.status()).toBe(201)
  const { cart_token: cartToken } = (await added.json()) as { cart_token: string }
  const placed = await request.post(`${API}/orders?currency=thb&lang=${lang}`, {
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `e2e-admin-orders-${telephone}-${Math.random()}` },
    data: {
      email: `e2e-admin-orders-${telephone}@example.com`,
      telephone,
      shipping_method: 'courier',
      address: {
        firstname: 'สมหญิง',
        lastname: 'ใจดี',
        telephone_number: telephone,
        email: `e2e-admin-orders-${telephone}@example.com`,
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
  return ((await placed.json()) as { order: { number: string } }).order.number
}

/** How a person reads a Thai mobile number out: 081-234-5678. */
const spoken = (telephone: string) => `${telephone.slice(0, 3)}-${telephone.slice(3, 6)}-${telephone.slice(6)}`

const WORDS = {
  th: {
    base: '/admin',
    orders: 'คำสั่งซื้อ',
    search: 'ค้นหา',
    apply: 'ใช้ตัวกรอง',
    order: (number: string) => `คำสั่งซื้อ ${number}`,
    note: 'เพิ่มบันทึก (พนักงานเห็นเท่านั้น)',
    addNote: 'เพิ่มบันทึก',
    cancel: 'ยกเลิกคำสั่งซื้อ',
    reason: 'เหตุผล (พนักงานเห็นเท่านั้น)',
    confirm: 'ยืนยันยกเลิกคำสั่งซื้อ',
    cancelled: 'ยกเลิกคำสั่งซื้อแล้ว',
    cancelledBadge: 'ยกเลิกแล้ว',
    byStaff: 'พนักงานยกเลิก',
    noteText: 'ลูกค้าโทรมาขอยกเลิก โอนเงินไม่ทัน',
    editAddress: 'แก้ไขที่อยู่',
    address1: 'ที่อยู่ 1',
    saveAddress: 'บันทึกที่อยู่',
    reasonText: 'ลูกค้าขอยกเลิกทางโทรศัพท์',
  },
  en: {
    base: '/en/admin',
    orders: 'Orders',
    search: 'Search',
    apply: 'Apply filters',
    order: (number: string) => `Order ${number}`,
    note: 'Add a note (staff only)',
    addNote: 'Add note',
    cancel: 'Cancel order',
    reason: 'Reason (staff only)',
    confirm: 'Cancel the order',
    cancelled: 'The order is cancelled.',
    cancelledBadge: 'Cancelled',
    byStaff: 'Cancelled by staff',
    noteText: 'Customer called: cannot transfer in time',
    editAddress: 'Edit address',
    address1: 'Address 1',
    saveAddress: 'Save address',
    reasonText: 'Customer asked by phone',
  },
} as const

for (const language of ['th', 'en'] as const) {
  const words = WORDS[language]

  test(`customer service finds an order by phone, notes it, moves its address and cancels it with a reason (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const telephone = uniqueTelephone()
    const number = await placeOrder(page.request, telephone, language)
    const staff = await newStaff(page.request, 'customer_service', { language })
    await signInByApi(page.request, staff)

    // The list, searched by the number as the customer says it on the phone.
    await page.goto(`${words.base}/orders`)
    await expect(page.getByRole('heading', { level: 1, name: words.orders })).toBeVisible()
    await page.getByRole('searchbox', { name: words.search }).fill(spoken(telephone))
    await page.getByRole('button', { name: words.apply }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]q=${spoken(telephone)}`))
    const link = page.getByRole('link', { name: number, exact: true })
    await expect(link).toBeVisible()
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2)
    await expectNoViolations(page, `${words.base}/orders?q=…`)

    await link.click()
    await expect(page).toHaveURL(new RegExp(`${words.base}/orders/${number}$`))
    await expect(page.getByRole('heading', { level: 1, name: words.order(number) })).toBeVisible()

    // A note, for staff only.
    await page.getByLabel(words.note).fill(words.noteText)
    await page.getByRole('button', { name: words.addNote, exact: true }).click()
    await expect(page.locator('.admin-timeline')).toContainText(words.noteText)
    await expect(page.locator('.admin-timeline')).toContainText(staff.email)
    await expectNoViolations(page, `${words.base}/orders/${number}`)

    // The address, while the order is not packed yet (§4).
    await page.getByRole('button', { name: words.editAddress }).click()
    await page.getByLabel(words.address1).fill('1 ถนนสุขุมวิท ซอย 11')
    await expectNoViolations(page, 'the address form')
    await page.getByRole('button', { name: words.saveAddress }).click()
    await expect(page.locator('.admin-address')).toContainText('1 ถนนสุขุมวิท ซอย 11')

    // Cancelling asks for a reason in a dialog, and says so when done.
    await page.getByRole('button', { name: words.cancel, exact: true }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel(words.reason)).toBeFocused()
    await expectNoViolations(page, 'the cancel dialog')
    await dialog.getByLabel(words.reason).fill(words.reasonText)
    await dialog.getByRole('button', { name: words.confirm }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status')).toHaveText(words.cancelled)
    await expect(page.locator('.admin-order__status')).toContainText(words.cancelledBadge)
    await expect(page.locator('.admin-timeline')).toContainText(words.byStaff)
    await expect(page.locator('.admin-timeline')).toContainText(words.reasonText)
    await expect(page.getByRole('button', { name: words.cancel, exact: true })).toHaveCount(0)

    // The order itself is cancelled, not only the screen's view of it.
    const detail = await page.request.get(`${ADMIN_API}/orders/${number}`)
    expect(((await detail.json()) as { status: string }).status).toBe('cancelled')
  })

  test(`the warehouse sees an order but cannot cancel it (${language})`, async ({ page }) => {
    test.setTimeout(120_000)
    const number = await placeOrder(page.request, uniqueTelephone(), language)
    const staff = await newStaff(page.request, 'warehouse', { language })
    await signInByApi(page.request, staff)
    await page.goto(`${words.base}/orders/${number}`)
    await expect(page.getByRole('heading', { level: 1, name: words.order(number) })).toBeVisible()
    await expect(page.getByRole('button', { name: words.cancel, exact: true })).toHaveCount(0)
    await expect(page.getByLabel(words.note)).toHaveCount(0)
    // The API refuses it too, in the staff member's language.
    const refused = await page.request.post(`${ADMIN_API}/orders/${number}/cancel`, {
      headers: STAFF_HEADERS,
      data: { reason: 'Not mine to cancel' },
    })
    expect(refused.status()).toBe(403)
    expect(((await refused.json()) as { reason: string }).reason).toBe('PERMISSION_DENIED')
    await expectNoViolations(page, `${words.base}/orders/${number} (warehouse)`)
  })
}

test('the home’s queues on a phone: counts and ages, each a link to its orders @mobile', async ({ page }) => {
  test.setTimeout(120_000)
  await placeOrder(page.request, uniqueTelephone(), 'th')
  const staff = await newStaff(page.request, 'warehouse', { language: 'th' })
  await signInByApi(page.request, staff)
  await page.goto('/admin')
  const queues = page.getByRole('list', { name: 'งานที่รออยู่' })
  await expect(queues.getByRole('listitem')).toHaveCount(4)
  const confirm = queues.getByRole('link', { name: /รอยืนยันการโอน/ })
  await expect(confirm).toContainText(/รอนานที่สุด/)
  await expectNoViolations(page, '/admin (queues)')
  await confirm.click()
  await expect(page).toHaveURL(/\/admin\/orders\?.*status=awaiting_payment/)
  await expect(page).toHaveURL(/method=bank_transfer/)
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
  // Nothing is wider than the phone: the table scrolls inside its own box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoViolations(page, '/admin/orders (a queue) on a phone')
})
