import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'

/**
 * Issue 17 item 3: a declined card, a cancelled payment page and a pending payment each get their own page and a way
 * to try again; a bank transfer order shows its deadline. Real Chromium, the built-in test payment page.
 */
const DRESS = 'linen-wrap-dress-1001'

const THAI = {
  add: 'เพิ่มลงตะกร้า',
  added: 'เพิ่มลงตะกร้าแล้ว',
  viewCart: 'ดูตะกร้า',
  checkOut: 'ชำระเงิน',
  guest: 'ดำเนินการต่อโดยไม่เป็นสมาชิก',
  login: 'กรุณาเข้าสู่ระบบ',
  email: 'อีเมล',
  telephone: 'เบอร์โทรศัพท์',
  pickup: 'รับสินค้าที่ร้าน',
  branch: 'สาขา',
  card: 'บัตร (Visa, Mastercard)',
  bank: 'โอนเงินผ่านธนาคารหรือพร้อมเพย์',
  place: 'สั่งซื้อ',
  approve: 'อนุมัติ',
  decline: 'ปฏิเสธ',
  cancel: 'ยกเลิกและกลับไปที่ร้าน',
  declined: 'การชำระเงินถูกปฏิเสธ',
  declinedText: 'การชำระเงินถูกปฏิเสธและไม่มีการตัดเงิน',
  cancelled: 'ยกเลิกการชำระเงินแล้ว',
  tryAgain: 'ลองอีกครั้ง',
  payNow: 'ชำระเงินตอนนี้',
  thanks: 'ขอบคุณสำหรับคำสั่งซื้อ',
  paid: 'ชำระเงินแล้ว',
  payBy: 'กรุณาชำระเงินภายใน',
}

type Lang = { prefix: '' | '/en'; t: Record<keyof typeof THAI, string> }
const TH: Lang = { prefix: '', t: THAI }

const EN: Lang = {
  prefix: '/en',
  t: {
    add: 'Add to cart',
    added: 'Added to your cart.',
    viewCart: 'View cart',
    checkOut: 'Check out',
    guest: 'Continue as guest',
    login: 'Please log in',
    email: 'E-mail',
    telephone: 'Telephone',
    pickup: 'Pick up at a store',
    branch: 'Branch',
    card: 'Card (Visa, Mastercard)',
    bank: 'Bank transfer or PromptPay',
    place: 'Place order',
    approve: 'Approve',
    decline: 'Decline',
    cancel: 'Cancel and go back to the shop',
    declined: 'Payment declined',
    declinedText: 'The payment was declined and nothing was charged',
    cancelled: 'Payment cancelled',
    tryAgain: 'Try again',
    payNow: 'Pay now',
    thanks: 'Thank you for your order',
    paid: 'Paid',
    payBy: 'Please pay by',
  },
}

async function roomySize(request: APIRequestContext): Promise<string> {
  return (await roomyVariant(request, DRESS)).size
}

/** A guest puts the dress in the cart and fills checkout up to the payment choice (pick-up: no address needed). */
async function toCheckout(page: Page, request: APIRequestContext, { prefix, t }: Lang, email: string) {
  await gotoHydrated(page, `${prefix}/product/${DRESS}?size=${await roomySize(request)}`)
  await page.getByRole('button', { name: t.add }).click()
  await expect(page.getByRole('status').filter({ hasText: t.added })).toBeVisible()
  await page.getByRole('link', { name: t.viewCart }).click()
  await page.getByRole('button', { name: t.checkOut }).click()
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout$`))
  await page.getByRole('dialog', { name: t.login }).getByRole('button', { name: t.guest }).click()
  // The contact fields come first (the address form below has its own e-mail and telephone).
  await page.getByRole('textbox', { name: t.email }).first().fill(email)
  await page.getByRole('textbox', { name: t.telephone }).first().fill('0812345678')
  await page.getByRole('radio', { name: t.pickup }).check()
  await page.getByRole('combobox', { name: t.branch }).selectOption({ index: 1 })
}

for (const lang of [TH, EN]) {
  const { prefix, t } = lang
  test(
    `${prefix ? 'English' : 'Thai'}: a declined card gets its own page and a retry that pays`,
    { tag: '@cluster' },
    async ({ page, request }) => {
      await toCheckout(page, request, lang, `declined${prefix ? '.en' : '.th'}@example.com`)
      await page.getByRole('radio', { name: t.card }).check()
      await page.getByRole('button', { name: t.place }).click()

      await expect(page).toHaveURL(/\/test-payments\/test_/)
      await page.getByRole('button', { name: t.decline, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/AS\\d{4}-\\d{5}$`))
      await expect(page.getByRole('heading', { level: 1, name: t.declined })).toBeVisible()
      await expect(page).toHaveTitle(new RegExp(t.declined))
      await expect(page.getByRole('alert').filter({ hasText: t.declinedText })).toBeVisible()
      await expect(page.getByRole('heading', { name: t.thanks })).toHaveCount(0)

      await page.getByRole('button', { name: t.tryAgain }).click()
      await expect(page).toHaveURL(/\/test-payments\/test_/)
      await page.getByRole('button', { name: t.approve, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/AS\\d{4}-\\d{5}$`))
      await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible()
      await expect(page.locator('.order-page__status')).toContainText(t.paid)
    },
  )
}

test('English: leaving the payment page is a cancelled payment with Pay now, then a decline, then paid', async ({
  page,
  request,
}) => {
  const { t } = EN
  await toCheckout(page, request, EN, 'cancelled.en@example.com')
  await page.getByRole('radio', { name: t.card }).check()
  await page.getByRole('button', { name: t.place }).click()
  await expect(page).toHaveURL(/\/test-payments\/test_/)
  await page.getByRole('button', { name: t.cancel }).click()

  await expect(page.getByRole('heading', { level: 1, name: t.cancelled })).toBeVisible()
  await expect(page.getByText('You left the payment page before paying.')).toBeVisible()
  await page.getByRole('button', { name: t.payNow }).click()
  await page.getByRole('button', { name: t.decline, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: t.declined })).toBeVisible()
  await page.getByRole('button', { name: t.tryAgain }).click()
  await page.getByRole('button', { name: t.approve, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible()
})

for (const lang of [TH, EN]) {
  const { prefix, t } = lang
  test(`${prefix ? 'English' : 'Thai'}: a bank transfer order shows its deadline`, async ({ page, request }) => {
    await toCheckout(page, request, lang, `deadline${prefix ? '.en' : '.th'}@example.com`)
    await page.getByRole('radio', { name: t.bank }).check()
    const before = Date.now()
    await page.getByRole('button', { name: t.place }).click()
    // Just placed: thanked for, with the transfer and its deadline (later visits ask for the payment in the heading).
    await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible()
    const deadline = page.getByTestId('payment-deadline')
    await expect(deadline).toContainText(t.payBy)
    // 24 hours on, in Bangkok time, as the site writes dates.
    const due = new Date(before + 24 * 60 * 60 * 1000)
    const day = new Intl.DateTimeFormat(prefix ? 'en-GB' : 'th-TH', {
      day: 'numeric',
      timeZone: 'Asia/Bangkok',
    }).format(due)
    await expect(deadline.locator('strong')).toContainText(day)
  })
}
