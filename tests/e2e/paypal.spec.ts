import { AxeBuilder } from '@axe-core/playwright'
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'

/**
 * PayPal in the demo (docs/decisions/102): with no PayPal app configured, PayPal goes to the built-in test payment
 * page like cards, in PayPal's terms, and comes back to the order.
 */
const DRESS = '/product/linen-wrap-dress-1001'

// A whole journey (product, cart, checkout, payment page, order, and once more in English) on a shared machine.
test.describe.configure({ timeout: 60_000 })

/** A size of the dress with plenty left (the browser tests share one database). */
async function roomySize(request: APIRequestContext): Promise<string> {
  return (await roomyVariant(request, 'linen-wrap-dress-1001')).size
}

const TEXT = {
  th: {
    add: 'เพิ่มลงตะกร้า',
    added: 'เพิ่มลงตะกร้าแล้ว',
    viewCart: 'ดูตะกร้า',
    checkOut: 'ชำระเงิน',
    guestDialog: 'กรุณาเข้าสู่ระบบ',
    guest: 'ดำเนินการต่อโดยไม่เป็นสมาชิก',
    email: 'อีเมล',
    telephone: 'เบอร์โทรศัพท์',
    pickup: 'รับสินค้าที่ร้าน',
    branch: 'สาขา',
    card: 'บัตร (Visa, Mastercard)',
    paypalNote: 'ระบบจะพาคุณไปชำระเงินที่ PayPal แล้วกลับมาที่คำสั่งซื้อของคุณ',
    placeOrder: 'สั่งซื้อ',
    testPage: 'ชำระเงินทดสอบด้วย PayPal',
    approve: 'อนุมัติ',
    decline: 'ปฏิเสธ',
    paid: 'ชำระเงินแล้ว',
    failed: 'การชำระเงินถูกปฏิเสธและไม่มีการตัดเงิน',
    payAgain: 'ชำระเงินด้วย PayPal',
  },
  en: {
    add: 'Add to cart',
    added: 'Added to your cart.',
    viewCart: 'View cart',
    checkOut: 'Check out',
    guestDialog: 'Please log in',
    guest: 'Continue as guest',
    email: 'E-mail',
    telephone: 'Telephone',
    pickup: 'Pick up at a store',
    branch: 'Branch',
    card: 'Card (Visa, Mastercard)',
    paypalNote: 'You will be taken to PayPal to pay, then back to your order.',
    placeOrder: 'Place order',
    testPage: 'Test payment with PayPal',
    approve: 'Approve',
    decline: 'Decline',
    paid: 'Paid',
    failed: 'The payment was declined and nothing was charged.',
    payAgain: 'Pay with PayPal',
  },
} as const

/** From the product page to the PayPal test page as a guest picking the dress up at a store. */
async function checkOutWithPaypal(page: Page, request: APIRequestContext, lang: 'th' | 'en') {
  const text = TEXT[lang]
  const prefix = lang === 'en' ? '/en' : ''
  await gotoHydrated(page, `${prefix}${DRESS}?size=${await roomySize(request)}`)
  await page.getByRole('button', { name: text.add }).click()
  await expect(page.getByRole('status').filter({ hasText: text.added })).toBeVisible()
  await page.getByRole('link', { name: text.viewCart }).click()
  await page.getByRole('button', { name: text.checkOut }).click()
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout$`))
  await page.getByRole('dialog', { name: text.guestDialog }).getByRole('button', { name: text.guest }).click()

  await page.getByRole('textbox', { name: text.email }).first().fill('paypal.guest@example.com')
  await page.getByRole('textbox', { name: text.telephone }).first().fill('0812345678')
  await page.getByRole('radio', { name: text.pickup }).check()
  await page.getByRole('combobox', { name: text.branch }).selectOption({ index: 1 })

  // PayPal is a real choice, reached by keyboard like the others, and says where it leads.
  const paypal = page.getByRole('radio', { name: 'PayPal', exact: true })
  await expect(paypal).toBeEnabled()
  await expect(paypal).toHaveAccessibleDescription(text.paypalNote)
  await page.getByRole('radio', { name: text.card }).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(paypal).toBeChecked()
  await expect(paypal).toBeFocused()
  // The payment choices as axe sees them (WCAG 2.1 A/AA and best practices), PayPal chosen.
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="payment-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])

  await page.getByRole('button', { name: text.placeOrder }).click()
  await expect(page).toHaveURL(/\/test-payments\/test_/)
  await expect(page.getByRole('heading', { level: 1, name: text.testPage })).toBeVisible()
  await expect(page.getByRole('button', { name: '3-D Secure' })).toHaveCount(0)
}

test(
  'a guest pays with PayPal in Thai through the test payment page and comes back to a paid order @mobile',
  { tag: '@cluster' },
  async ({ page, request }) => {
    await checkOutWithPaypal(page, request, 'th')
    await page.getByRole('button', { name: TEXT.th.approve }).click()

    await expect(page).toHaveURL(/\/order\/AS\d{4}-\d{5}$/)
    await expect(page.getByRole('heading', { name: 'ขอบคุณสำหรับคำสั่งซื้อ' })).toBeVisible()
    await expect(page.locator('.order-page__status')).toHaveText(`สถานะ: ${TEXT.th.paid}`)
    await expect(page.getByRole('region', { name: 'วิธีชำระเงิน' })).toContainText('PayPal')
  },
)

test('in English, a declined PayPal payment is paid again from the order page', async ({ page, request }) => {
  await checkOutWithPaypal(page, request, 'en')
  await page.getByRole('button', { name: TEXT.en.decline }).click()

  await expect(page).toHaveURL(/\/en\/order\/AS\d{4}-\d{5}$/)
  await expect(page.getByRole('alert').filter({ hasText: TEXT.en.failed })).toBeVisible()
  await expect(page.locator('.order-page__status')).toHaveText('Status: Awaiting payment')
  await page.getByRole('button', { name: TEXT.en.payAgain }).click()

  await expect(page.getByRole('heading', { level: 1, name: TEXT.en.testPage })).toBeVisible()
  await page.getByRole('button', { name: TEXT.en.approve }).click()
  await expect(page).toHaveURL(/\/en\/order\/AS\d{4}-\d{5}$/)
  await expect(page.locator('.order-page__status')).toHaveText(`Status: ${TEXT.en.paid}`)
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('PayPal')
})
