import { expect, test } from './test'
import { confirmCode, createMember, loggedInMember } from './accounts'
import { gotoHydrated } from './hydration'

const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
const API = '/api/public/demo'

test('after paid orders the account shows VIP and the promotion-code list shows the month’s code, in both languages', async ({
  page,
  context,
  request,
}) => {
  const member = await loggedInMember(context, request)
  await gotoHydrated(page, '/en/account')
  await expect(page.getByTestId('tier')).toHaveText('Member')
  await expect(page.getByText('NO PROMOTION CODE AVAILABLE')).toHaveCount(0)

  // Orders placed with the member's own session, paid through the back office.
  const session = (await context.cookies()).find((cookie) => cookie.name === 'session')?.value ?? ''
  const auth = { authorization: `Bearer ${session}` }
  const products = (await (
    await request.get(`${API}/products?category=dresses&available=true&page_size=50`)
  ).json()) as {
    items: Array<{ id: string; price: { amount: number } }>
  }
  let total = 0
  for (const product of products.items) {
    if (total >= 900_000) break
    const detail = (await (await request.get(`${API}/products/${product.id}`)).json()) as {
      variants: Array<{ sku: string; available_online: boolean; low_stock: boolean }>
    }
    const variant = detail.variants.find((v) => v.available_online && !v.low_stock)
    if (!variant) continue
    const added = await request.post(`${API}/cart/items?currency=thb`, { headers: auth, data: { sku: variant.sku } })
    if (added.ok()) total += product.price.amount
  }
  expect(total).toBeGreaterThanOrEqual(900_000)
  const placed = await request.post(`${API}/orders?currency=thb&lang=en`, {
    headers: { ...auth, 'idempotency-key': `membership-${Date.now()}` },
    data: {
      email: member.email,
      telephone: member.telephone,
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'bank_transfer',
    },
  })
  expect(placed.status()).toBe(201)
  const { order } = (await placed.json()) as { order: { number: string } }
  const paid = await request.post(`${API}/operator/orders/${order.number}/status`, {
    headers: OPERATOR,
    data: { status: 'paid' },
  })
  expect(paid.status()).toBe(200)

  await page.goto('/en/account')
  await expect(page.getByTestId('tier')).toHaveText('VIP')
  // §2 the amount needed to keep VIP (reached in this cycle) and to reach VVIP, from the thresholds (issue 29, item 22).
  await expect(page.getByText('Amount needed to keep VIP', { exact: true })).toBeVisible()
  await expect(page.getByTestId('needed-vip')).toHaveText('Reached in this cycle')
  await expect(page.getByText('Amount needed to reach VVIP', { exact: true })).toBeVisible()
  await expect(page.getByTestId('needed-vvip')).toContainText(/^฿[\d,]+ more by \d{1,2} \w+ \d{4}$/)
  await page.getByRole('button', { name: 'VIP conditions' }).click()
  await expect(page.getByRole('dialog', { name: 'VIP conditions' })).toContainText('฿9,000')
  await page.keyboard.press('Escape')

  await page.goto('/en/account/promotion-code')
  await expect(page.getByRole('rowheader', { name: /^VIP-\d{4}-\d{2}/ })).toBeVisible()
  await expect(page.getByRole('cell', { name: '5% off' })).toBeVisible()

  await page.goto('/account')
  await expect(page.getByTestId('tier')).toHaveText('VIP')
  await expect(page.getByText('ยอดซื้อสะสม')).toBeVisible()
  await page.goto('/account/promotion-code')
  await expect(page.getByRole('cell', { name: 'ลด 5%' })).toBeVisible()
})

test('a guest on the quick pass is asked to log in; a member sees their code', async ({ page, request }) => {
  await page.goto('/quick-pass')
  await expect(page.getByRole('link', { name: 'เข้าสู่ระบบ' }).last()).toBeVisible()
  const member = await createMember(request)
  await page.goto('/account/login?redirect=%2Fquick-pass')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('textbox', { name: 'เบอร์โทรศัพท์' }).fill(member.telephone)
  await page.getByRole('button', { name: 'ส่ง' }).click()
  await confirmCode(page, request, member.e164, 'รหัส OTP')
  await page.getByRole('button', { name: 'ยืนยัน' }).click()
  await expect(page).toHaveURL(/\/quick-pass$/)
  await expect(page.getByRole('img', { name: `โค้ดควิกพาสของ ${member.fullname}` })).toBeVisible()
})
