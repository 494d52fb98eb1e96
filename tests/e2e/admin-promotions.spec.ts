import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { gotoHydrated } from './hydration'
import { newStaff, signInByApi } from './staff'
import { roomyVariant } from './stock'
import { expect, test } from './test'

/**
 * Promotions in the browser (issue 32 item 5): marketing makes a discount code in Thai that starts a few seconds
 * later, and the shopper's checkout refuses it before its start and takes it once it has started; in English, the
 * mix-and-match prices with the pieces carrying the tag, and the member tier rules. The rules themselves (dates,
 * uses, validation, audit) are proven in tests/integration/admin-promotions.test.ts.
 */

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

/** `at` as a datetime-local input's value in the browser's own time zone. */
function localValue(page: Page, at: number): Promise<string> {
  return page.evaluate((time) => {
    const date = new Date(time)
    const pad = (value: number) => String(value).padStart(2, '0')
    return (
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
      `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    )
  }, at)
}

test('marketing makes a code in Thai that the shopper’s checkout takes once it has started', async ({ page }) => {
  test.setTimeout(90_000)
  const marketing = await newStaff(page.request, 'marketing', { language: 'th' })
  await signInByApi(page.request, marketing)
  const code = `SOON${String(Date.now() % 1_000_000).padStart(6, '0')}`

  await page.goto('/admin/promotions')
  await expect(page.getByRole('heading', { level: 1, name: 'โปรโมชัน' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'ระบบหลังร้าน' }).getByRole('link', { name: 'โปรโมชัน' }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('table', { name: 'โค้ดส่วนลดและจำนวนครั้งที่ใช้ไปแล้ว' })).toContainText('NEW200')
  await expectNoViolations(page, '/admin/promotions')

  await page.getByRole('link', { name: 'โค้ดใหม่' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'โค้ดส่วนลดใหม่' })).toBeVisible()
  // A bad text first: the form says why, in Thai, beside the field.
  await page.getByLabel('โค้ด', { exact: true }).fill('NO SPACE')
  await page.getByLabel('จำนวนเงินที่ลด (THB)').fill('100')
  await page.getByRole('button', { name: 'สร้างโค้ด' }).click()
  await expect(page.getByText('ใช้ตัวอักษร (A–Z) และตัวเลข 3 ถึง 20 ตัว ไม่มีช่องว่างหรือเครื่องหมาย')).toBeVisible()
  await expect(page.getByLabel('โค้ด', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expectNoViolations(page, 'the new code form with an error')

  await page.getByLabel('โค้ด', { exact: true }).fill(code)
  await page.getByLabel('ยอดซื้อขั้นต่ำ (THB)').fill('0')
  const startsAt = Date.now() + 25_000
  await page.getByLabel('เริ่ม', { exact: true }).fill(await localValue(page, startsAt))
  await page.getByRole('button', { name: 'สร้างโค้ด' }).click()
  await expect(page).toHaveURL(/\/admin\/promotions$/)
  const row = page.getByRole('row').filter({ hasText: code })
  await expect(row).toContainText('ยังไม่เริ่ม')

  // The shopper: a dress in the cart, checkout as a guest, the code typed.
  const variant = await roomyVariant(page.request, 'linen-wrap-dress-1001')
  await gotoHydrated(page, `/product/linen-wrap-dress-1001?size=${variant.size}`)
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'เพิ่มลงตะกร้าแล้ว' })).toBeVisible()
  await gotoHydrated(page, '/cart')
  await page.getByRole('button', { name: 'ชำระเงิน' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await page
    .getByRole('dialog', { name: 'กรุณาเข้าสู่ระบบ' })
    .getByRole('button', { name: 'ดำเนินการต่อโดยไม่เป็นสมาชิก' })
    .click()
  const field = page.getByRole('textbox', { name: 'โค้ดส่วนลด' })
  await field.fill(code.toLowerCase())
  const early = Date.now() < startsAt - 3_000
  await page.getByRole('button', { name: 'ใช้โค้ด' }).click()
  if (early) await expect(page.getByRole('alert').filter({ hasText: 'โค้ดนี้ไม่ถูกต้อง' })).toBeVisible()

  // Once it has started, the same checkout takes it: nothing to switch on.
  await page.waitForTimeout(Math.max(0, startsAt - Date.now() + 1_000))
  await page.getByRole('button', { name: 'ใช้โค้ด' }).click()
  await expect(page.getByText(code).first()).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'โค้ดนี้' })).toHaveCount(0)

  await page.goto('/admin/promotions')
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('ใช้งานอยู่')
})

test('marketing reads the mix-and-match prices and the tier rules in English', { tag: '@mobile' }, async ({ page }) => {
  const marketing = await newStaff(page.request, 'marketing', { language: 'en' })
  await signInByApi(page.request, marketing)
  await page.goto('/en/admin/promotions/mix-match')
  await expect(page.getByRole('heading', { level: 1, name: 'Mix-and-match prices' })).toBeVisible()
  await expect(page.getByLabel('3 pieces (THB)')).not.toHaveValue('')
  await expect(page.getByRole('heading', { level: 2, name: /Pieces carrying the tag \(\d+\)/ })).toBeVisible()
  await page.getByLabel('5 pieces (THB)').fill('10')
  await page.getByLabel('3 pieces (THB)').fill('20')
  await page.getByRole('button', { name: 'Save prices' }).click()
  await expect(page.getByText('A bundle of 5 must cost more than a bundle of 3.')).toBeVisible()
  await expectNoViolations(page, '/en/admin/promotions/mix-match')

  await page.getByRole('link', { name: 'Member tier rules' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Member tier rules' })).toBeVisible()
  const tiers = page.getByRole('table', { name: /Tiers, earned by spending/ })
  await expect(tiers.getByRole('row').filter({ hasText: 'VIP' }).first()).toContainText('5 %')
  await expect(tiers.getByRole('row').filter({ hasText: 'VVIP' })).toContainText('10 %')
  await expectNoViolations(page, '/en/admin/promotions/tiers')
  // Nothing wider than the screen: a phone scrolls the page down, never sideways (the tables scroll in their box).
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})

test('the warehouse has no Promotions in its navigation and is refused the screen', async ({ page }) => {
  const warehouse = await newStaff(page.request, 'warehouse', { language: 'en' })
  await signInByApi(page.request, warehouse)
  await page.goto('/en/admin/promotions')
  await expect(page.getByRole('alert')).toContainText('Your role does not allow this screen')
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Promotions' }),
  ).toHaveCount(0)
})
