import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN_API, newStaff, signInByApi } from './staff'
import { roomyVariant } from './stock'
import { expect, test } from './test'

/**
 * Refunds in the browser (issue 31 item 7), the one journey: a shopper's card order of two pieces placed and paid
 * through the shop's API and the demo's test payment page; customer service (issue 31: it refunds a piece) opens
 * it, refunds one piece in the dialog and sees the refund on the order. The rest (providers, the cap, webhooks, the
 * e-mail) is proven in tests/integration/admin-refunds.test.ts.
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

/** A guest's card order of two pieces, paid on the demo's test payment page; its number. */
async function paidCardOrder(request: APIRequestContext): Promise<string> {
  const variant = await roomyVariant(request, 'linen-wrap-dress-1001')
  const added = await request.post(`${API}/cart/items?currency=thb`, { data: { sku: variant.sku, quantity: 2 } })
  expect(added.status()).toBe(201)
  const { cart_token: cartToken } = (await added.json()) as { cart_token: string }
  const telephone = `08${String(Date.now() % 100_000_000).padStart(8, '0')}`
  const placed = await request.post(`${API}/orders?currency=thb&lang=en`, {
    headers: { 'x-cart-token': cartToken, 'idempotency-key': `e2e-admin-refunds-${telephone}-${Math.random()}` },
    data: {
      email: `e2e-admin-refunds-${telephone}@example.com`,
      telephone,
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'card',
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const body = (await placed.json()) as { order: { number: string }; redirect_url: string }
  // The shopper approves on the test payment page (its form's fields: the signed way back).
  const page = new URL(body.redirect_url, 'http://localhost')
  const approved = await request.post(`${page.pathname}/approve`, {
    form: { return: page.searchParams.get('return') ?? '', sig: page.searchParams.get('sig') ?? '' },
    maxRedirects: 0,
  })
  expect(approved.status()).toBe(303)
  return body.order.number
}

test('customer service refunds one piece of a card order and sees it on the order', async ({ page }) => {
  test.setTimeout(60_000)
  const number = await paidCardOrder(page.request)
  const staff = await newStaff(page.request, 'customer_service', { language: 'en' })
  await signInByApi(page.request, staff)
  const before = (await (await page.request.get(`${ADMIN_API}/orders/${number}/refunds`)).json()) as {
    lines: Array<{ piece_amounts: number[] }>
  }
  const onePiece = `฿${((before.lines[0]?.piece_amounts[0] ?? 0) / 100).toLocaleString('en-US')}`

  await page.goto(`/en/admin/orders/${number}`)
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await page.getByRole('button', { name: 'Refund', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Refund on order ${number}` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(/: 2 left$/).fill('1')
  await dialog.getByLabel('Reason (staff only)').fill('One dress arrived with a pulled thread')
  await expect(dialog.getByText(`This refund: ${onePiece}`)).toBeVisible()
  await expectNoViolations(page, 'the refund dialog')
  await dialog.getByRole('button', { name: `Refund ${onePiece}` }).click()
  await expect(dialog).toBeHidden()

  await expect(page.locator('.admin-order__notice')).toHaveText(`Refunded ${onePiece}.`)
  await expect(page.locator('.admin-refunds')).toContainText('Partially refunded')
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText('One dress arrived with a pulled thread')
  await expect(page.locator('.admin-timeline')).toContainText('Refund asked')
  await expect(page.locator('.admin-timeline')).toContainText(staff.email)
  await expect(page.locator('.admin-timeline')).toContainText('E-mail: refund')
  await expectNoViolations(page, `/en/admin/orders/${number} after the refund`)
})
