import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { confirmCode, createMember } from './accounts'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'

const DRESS = '/product/linen-wrap-dress-1001'

/** A size of the dress with plenty left (the browser tests share one database). */
async function roomySize(request: APIRequestContext, skip: string[] = []): Promise<string> {
  return (await roomyVariant(request, 'linen-wrap-dress-1001', skip)).size
}

async function addDress(page: Page, prefix: '' | '/en', size: string, added: string | RegExp) {
  await gotoHydrated(page, `${prefix}${DRESS}?size=${size}`)
  await page.getByRole('button', { name: prefix ? 'Add to cart' : 'เพิ่มลงตะกร้า' }).click()
  await expect(page.getByRole('status').filter({ hasText: added })).toBeVisible()
}

test(
  'a guest checks out in Thai by bank transfer and sees the PromptPay QR code',
  { tag: '@cluster' },
  async ({ page, request }) => {
    // A whole journey (cart, checkout, the order, the cart again): 29 s through nginx on a busy machine.
    test.setTimeout(60_000)
    await addDress(page, '', await roomySize(request), 'เพิ่มลงตะกร้าแล้ว')
    await page.getByRole('link', { name: 'ดูตะกร้า' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(page.getByRole('heading', { level: 1, name: 'ตะกร้าสินค้า' })).toBeVisible()
    await page.getByRole('button', { name: 'ชำระเงิน' }).click()

    await expect(page).toHaveURL(/\/checkout$/)
    const modal = page.getByRole('dialog', { name: 'กรุณาเข้าสู่ระบบ' })
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'ดำเนินการต่อโดยไม่เป็นสมาชิก' }).click()

    await page.getByRole('button', { name: 'สั่งซื้อ' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'กรุณากรอกที่อยู่' })).toBeVisible()

    await page.getByRole('textbox', { name: 'อีเมล' }).first().fill('guest.buyer@example.com')
    await page.getByRole('textbox', { name: 'เบอร์โทรศัพท์' }).first().fill('0812345678')
    await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('สมศรี')
    await page.getByRole('textbox', { name: 'นามสกุล' }).fill('ทดสอบ')
    await page.getByRole('textbox', { name: 'เบอร์โทรศัพท์' }).nth(1).fill('0812345678')
    await page.getByRole('textbox', { name: 'อีเมล' }).nth(1).fill('guest.buyer@example.com')
    await page.getByRole('combobox', { name: 'จังหวัด' }).selectOption({ label: 'กรุงเทพมหานคร' })
    await page.getByRole('combobox', { name: 'เขต/อำเภอ' }).selectOption({ label: 'จตุจักร' })
    await page.getByRole('combobox', { name: 'แขวง/ตำบล' }).selectOption({ label: 'ลาดยาว' })
    await page.getByRole('textbox', { name: 'ที่อยู่ บรรทัดที่ 1' }).fill('99/1 ถนนพหลโยธิน')
    await page.getByRole('button', { name: 'ใช้ที่อยู่นี้' }).click()
    await expect(page.getByRole('button', { name: 'แก้ไขที่อยู่' })).toBeVisible()

    await page.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill('NOPE')
    await page.getByRole('button', { name: 'ใช้โค้ด' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'โค้ดนี้ไม่ถูกต้อง' })).toBeVisible()

    await page.getByRole('radio', { name: 'โอนเงินผ่านธนาคารหรือพร้อมเพย์' }).check()
    const net = await page.getByTestId('net').textContent()
    await page.getByRole('button', { name: 'สั่งซื้อ' }).click()

    await expect(page).toHaveURL(/\/order\/AS\d{4}-\d{5}$/)
    await expect(page.getByRole('heading', { name: 'ขอบคุณสำหรับคำสั่งซื้อ' })).toBeVisible()
    await expect(page.getByRole('img', { name: /QR พร้อมเพย์สำหรับ/ })).toBeVisible()
    await expect(page.getByText(net?.trim() ?? '---').first()).toBeVisible()
    const number = /AS\d{4}-\d{5}/.exec(page.url())?.[0]
    const purchase = await page.evaluate(
      () =>
        (window.dataLayer ?? []).find(
          (entry) => !Array.isArray(entry) && (entry as { event?: string }).event === 'purchase',
        ) as { ecommerce: { transaction_id: string; value: number } } | undefined,
    )
    expect(purchase?.ecommerce.transaction_id).toBe(number)
    expect(purchase?.ecommerce.value).toBeGreaterThan(0)

    // The paid cart, opened again, says so.
    await gotoHydrated(page, '/cart')
    await expect(page.getByText('คุณได้ซื้อสินค้าในตะกร้านี้แล้ว')).toBeVisible()
  },
)

test('a member checks out in English by card with NEW200', { tag: '@cluster' }, async ({ page, request }) => {
  // A whole journey (log in, cart, checkout, the card page, the order): near 30 s through nginx on a busy machine.
  test.setTimeout(60_000)
  const member = await createMember(request)
  await gotoHydrated(page, '/en/account/login')
  await page.getByRole('textbox', { name: 'Telephone' }).fill(member.telephone)
  await page.getByRole('button', { name: 'Submit' }).click()
  await confirmCode(page, request, member.e164, 'One-time code')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/en\/account$/)

  await addDress(page, '/en', await roomySize(request), 'Added to your cart.')
  await page.getByRole('link', { name: 'View cart' }).click()
  await page.getByRole('combobox', { name: /Quantity of/ }).selectOption('2')
  // Two of the demo dress (its family's first colour) at ฿2,490.
  await expect(page.getByTestId('cart-subtotal')).toHaveText('฿4,980')
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(page).toHaveURL(/\/en\/checkout$/)

  await page.getByRole('textbox', { name: 'Discount code' }).fill('new200')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('discount')).toHaveText(/^−฿200(\.00)?$/)

  await page.getByRole('textbox', { name: 'First name' }).fill('Somying')
  await page.getByRole('textbox', { name: 'Last name' }).fill('Member')
  await page.getByRole('textbox', { name: 'Phone number' }).fill(member.telephone)
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email)
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Bangkok' })
  await page.getByRole('combobox', { name: 'District', exact: true }).selectOption({ label: 'Chatuchak' })
  await page.getByRole('combobox', { name: 'Sub-district' }).selectOption({ index: 1 })
  await page.getByRole('textbox', { name: 'Address 1' }).fill('1 Phahonyothin Road')
  await page.getByRole('button', { name: 'Use this address' }).click()
  await expect(page.getByRole('button', { name: 'Edit address' })).toBeVisible()

  await page.getByRole('radio', { name: 'Card (Visa, Mastercard)' }).check()
  await page.getByRole('button', { name: 'Place order' }).click()

  // The built-in test payment page (the hosted page of a card provider).
  await expect(page).toHaveURL(/\/test-payments\/test_/)
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page).toHaveURL(/\/en\/order\/AS\d{4}-\d{5}$/)
  await expect(page.getByText('Paid').first()).toBeVisible()
  await expect(page.getByText('NEW200').first()).toBeVisible()

  await gotoHydrated(page, '/en/account/order-history')
  await expect(page.getByRole('link', { name: /AS\d{4}-\d{5}/ }).first()).toBeVisible()
})

test('a guest cart joins the member cart at login', { tag: '@cluster' }, async ({ page, request }) => {
  const member = await createMember(request)
  const size = await roomySize(request)
  await addDress(page, '', size, 'เพิ่มลงตะกร้าแล้ว')
  await gotoHydrated(page, '/account/login?redirect=%2Fcart')
  await page.getByRole('textbox', { name: 'เบอร์โทรศัพท์' }).fill(member.telephone)
  await page.getByRole('button', { name: 'ส่ง' }).click()
  await confirmCode(page, request, member.e164, 'รหัส OTP')
  await page.getByRole('button', { name: 'ยืนยัน' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.locator('.cart-line')).toHaveCount(1)
  await expect(page.locator('.cart-line')).toContainText(`ไซซ์: ${size}`)
})

test('an item added under another region must be removed before paying', async ({ page, request }) => {
  await addDress(page, '', await roomySize(request), 'เพิ่มลงตะกร้าแล้ว')
  // Shopping from abroad now: the cart is priced in USD and the THB line cannot be paid.
  await gotoHydrated(page, '/en/cart?region=US')
  await expect(page.getByText('Invalid Region: Please remove product and try again')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check out' })).toBeDisabled()
  await page.getByRole('button', { name: /^Remove / }).click()
  const dialog = page.getByRole('dialog', { name: 'ARE YOU SURE TO REMOVE THIS ITEM FROM YOUR SHOPPING CART?' })
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Your cart is empty.')).toBeVisible()
})

const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
const TROUSERS = 'linen-wide-leg-trousers-1004'

test('a stale price and a sold-out size are shown in the cart and block payment', async ({ page, request }) => {
  const product = (await (await request.get(`/api/public/demo/products/${TROUSERS}`)).json()) as {
    price: { amount: number }
    variants: Array<{ sku: string; size: string; available_online: boolean }>
  }
  const variant = product.variants.find((v) => v.available_online)
  if (!variant) throw new Error('the trousers have no size left')
  await gotoHydrated(page, `/product/${TROUSERS}?size=${variant.size}`)
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'เพิ่มลงตะกร้าแล้ว' })).toBeVisible()

  const price = product.price.amount
  const priced = await request.put(`/api/public/demo/operator/products/${TROUSERS}/price`, {
    headers: OPERATOR,
    data: { price_thb: price + 10_000, price_usd: 9_900 },
  })
  expect(priced.status()).toBe(204)
  await gotoHydrated(page, '/cart')
  await expect(page.getByRole('alert').filter({ hasText: 'ราคาสินค้าบางรายการในตะกร้าไม่เป็นปัจจุบัน' })).toBeVisible()
  await expect(page.locator('.cart-line del')).toBeVisible()
  await expect(page.locator('.cart-line ins')).toBeVisible()

  const emptied = await request.put(`/api/public/demo/operator/variants/${variant.sku}/stock`, {
    headers: OPERATOR,
    data: { stock_online: 0 },
  })
  expect(emptied.status()).toBe(204)
  await gotoHydrated(page, '/cart')
  await expect(page.getByText('สินค้านี้หมด กรุณาลบออกจากตะกร้า')).toBeVisible()
  await expect(page.getByRole('button', { name: 'ชำระเงิน' })).toBeDisabled()
})

test('a guest taps the heart, logs in, and finds the piece in the wishlist', async ({ page, request }) => {
  const member = await createMember(request)
  await gotoHydrated(page, DRESS)
  await page.getByRole('button', { name: 'เพิ่มในรายการโปรด' }).click()
  const modal = page.getByRole('dialog', { name: 'กรุณาเข้าสู่ระบบ' })
  await modal.getByRole('link', { name: 'เข้าสู่ระบบ' }).click()
  await page.getByRole('textbox', { name: 'เบอร์โทรศัพท์' }).fill(member.telephone)
  await page.getByRole('button', { name: 'ส่ง' }).click()
  await confirmCode(page, request, member.e164, 'รหัส OTP')
  await page.getByRole('button', { name: 'ยืนยัน' }).click()
  await expect(page).toHaveURL(new RegExp(`${DRESS}$`))
  await expect(page.getByRole('button', { name: 'อยู่ในรายการโปรดแล้ว' })).toBeVisible()
  await gotoHydrated(page, '/wishlist')
  await expect(page.getByRole('link', { name: /เดรสผ้าลินินทรงป้าย/ }).first()).toBeVisible()
})
