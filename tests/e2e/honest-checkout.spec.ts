import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/**
 * Issue 17 items 2 and 4 in real Chromium: shoes to an address abroad are named at the delivery step (with duties
 * paid by the buyer instead of Thai VAT), checkout keeps what was typed across a reload and a trip to the cart while
 * §4's guard still holds for entering, and a cart of another region reads true.
 */
type Piece = { id: string; size: string; name: string }

/** A product of `category` with a size in good stock, its name in the asked language. */
async function pieceOf(request: APIRequestContext, category: string, lang: 'th' | 'en'): Promise<Piece> {
  const list = (await (await request.get(`/api/public/demo/products?category=${category}&lang=${lang}`)).json()) as {
    items: Array<{ id: string }>
  }
  for (const { id } of list.items) {
    const product = (await (await request.get(`/api/public/demo/products/${id}?lang=${lang}`)).json()) as {
      name: string
      variants: Array<{ size: string; available_online: boolean; low_stock: boolean }>
    }
    const size = product.variants.find((v) => v.available_online && !v.low_stock)
    if (size) return { id, size: size.size, name: product.name }
  }
  throw new Error(`no ${category} with stock in the demo catalog`)
}

async function add(page: Page, path: string, addLabel: string, added: string) {
  await gotoHydrated(page, path)
  await page.getByRole('button', { name: addLabel }).click()
  await expect(page.getByRole('status').filter({ hasText: added })).toBeVisible()
}

const WORDS = {
  th: {
    prefix: '',
    add: 'เพิ่มลงตะกร้า',
    added: 'เพิ่มลงตะกร้าแล้ว',
    checkOut: 'ชำระเงิน',
    login: 'กรุณาเข้าสู่ระบบ',
    guest: 'ดำเนินการต่อโดยไม่เป็นสมาชิก',
    fromAddress: 'คำนวณจากที่อยู่จัดส่ง',
    firstName: 'ชื่อ',
    lastName: 'นามสกุล',
    phone: 'เบอร์โทรศัพท์',
    email: 'อีเมล',
    country: 'ประเทศ',
    address1: 'ที่อยู่ บรรทัดที่ 1',
    state: 'รัฐ / จังหวัด',
    city: 'เมือง',
    postcode: 'รหัสไปรษณีย์',
    useAddress: 'ใช้ที่อยู่นี้',
    shoesAbroad: 'รองเท้าจัดส่งได้เฉพาะในประเทศไทย',
    duties: 'อากรและภาษีนำเข้า',
    dutiesValue: 'ผู้ซื้อชำระเมื่อรับสินค้า',
    vat: 'รวมภาษีมูลค่าเพิ่ม',
    place: 'สั่งซื้อ',
    remove: (piece: string) => `นำ ${piece} ออกจากตะกร้า`,
  },
  en: {
    prefix: '/en',
    add: 'Add to cart',
    added: 'Added to your cart.',
    checkOut: 'Check out',
    login: 'Please log in',
    guest: 'Continue as guest',
    fromAddress: 'Worked out from the address',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    email: 'Email',
    country: 'Country',
    address1: 'Address 1',
    state: 'State / province',
    city: 'City',
    postcode: 'Postal code',
    useAddress: 'Use this address',
    shoesAbroad: 'shoes are sent within Thailand only',
    duties: 'Duties and import taxes',
    dutiesValue: 'Paid by the buyer on delivery',
    vat: 'Including VAT',
    place: 'Place order',
    remove: (piece: string) => `Remove ${piece} from the cart`,
  },
} as const

for (const lang of ['th', 'en'] as const) {
  const w = WORDS[lang]
  test(`${lang === 'th' ? 'Thai' : 'English'}: shoes to an address abroad are named at the delivery step`, async ({
    page,
    request,
  }) => {
    const shoes = await pieceOf(request, 'shoes', lang)
    const dress = await pieceOf(request, 'dresses', lang)
    await gotoHydrated(page, `${w.prefix}/cart?region=US`)
    await add(page, `${w.prefix}/product/${shoes.id}?size=${shoes.size}`, w.add, w.added)
    await add(page, `${w.prefix}/product/${dress.id}?size=${dress.size}`, w.add, w.added)
    await gotoHydrated(page, `${w.prefix}/cart`)
    await page.getByRole('button', { name: w.checkOut }).click()
    await page.getByRole('dialog', { name: w.login }).getByRole('button', { name: w.guest }).click()

    // No address yet: no delivery fee is promised.
    await expect(page.getByTestId('shipping-fee')).toHaveText(w.fromAddress)

    await page.getByRole('textbox', { name: w.firstName, exact: true }).fill('Jane')
    await page.getByRole('textbox', { name: w.lastName }).fill('Doe')
    await page.getByRole('combobox', { name: w.country }).selectOption('US')
    await page.getByRole('textbox', { name: w.phone }).last().fill('+1 415 555 0100')
    await page.getByRole('textbox', { name: w.email }).last().fill('jane.doe@example.com')
    await page.getByRole('textbox', { name: w.address1 }).fill('1 Market Street')
    await page.getByRole('textbox', { name: w.state }).fill('CA')
    await page.getByRole('textbox', { name: w.city }).fill('San Francisco')
    await page.getByRole('textbox', { name: w.postcode }).fill('94105')
    await page.getByRole('button', { name: w.useAddress }).click()

    const problems = page.getByTestId('checkout-problems')
    await expect(problems).toContainText(`${shoes.name} · ${shoes.size}`)
    await expect(problems).toContainText(w.shoesAbroad)
    await expect(problems).not.toContainText(dress.name)
    await expect(page.getByRole('button', { name: w.place })).toBeDisabled()
    await expect(page.getByTestId('duties')).toHaveText(w.dutiesValue)
    await expect(page.getByText(w.duties, { exact: true })).toBeVisible()
    await expect(page.getByTestId('vat')).toHaveCount(0)

    await page.getByRole('button', { name: w.remove(`${shoes.name} · ${shoes.size}`) }).click()
    await expect(page.getByTestId('checkout-problems')).toHaveCount(0)
    await expect(page.getByRole('button', { name: w.place })).toBeEnabled()
    await expect(page.getByTestId('shipping-fee')).not.toHaveText(w.fromAddress)
  })
}

test('English: checkout keeps its draft across a reload and a trip to the cart; a typed /checkout still goes to the cart', async ({
  page,
  request,
}) => {
  const w = WORDS.en
  const dress = await pieceOf(request, 'dresses', 'en')
  await add(page, `/en/product/${dress.id}?size=${dress.size}`, w.add, w.added)
  await gotoHydrated(page, '/en/cart')
  await page.getByRole('button', { name: w.checkOut }).click()
  await page.getByRole('dialog', { name: w.login }).getByRole('button', { name: w.guest }).click()
  await page.getByRole('textbox', { name: 'E-mail' }).fill('draft.keeper@example.com')
  await page.getByRole('textbox', { name: 'Telephone' }).fill('0898765432')
  await page.getByRole('radio', { name: 'Pick up at a store' }).check()
  await page.getByRole('combobox', { name: 'Branch' }).selectOption({ index: 2 })
  const branch = await page.getByRole('combobox', { name: 'Branch' }).inputValue()
  await page.getByRole('radio', { name: 'Bank transfer or PromptPay' }).check()

  const kept = async () => {
    await expect(page).toHaveURL(/\/en\/checkout$/)
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('draft.keeper@example.com')
    await expect(page.getByRole('textbox', { name: 'Telephone' })).toHaveValue('0898765432')
    await expect(page.getByRole('radio', { name: 'Pick up at a store' })).toBeChecked()
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue(branch)
    await expect(page.getByRole('radio', { name: 'Bank transfer or PromptPay' })).toBeChecked()
    // The guest already chose: no second "please log in".
    await expect(page.getByRole('dialog', { name: w.login })).toHaveCount(0)
  }

  await page.reload()
  await kept()

  await gotoHydrated(page, '/en/cart')
  await page.getByRole('button', { name: w.checkOut }).click()
  await kept()

  // Leaving the cart and checkout ends the journey: typing /checkout is an entry again, and §4 sends it to the cart.
  await gotoHydrated(page, '/en/about-us')
  await page.goto('/en/checkout')
  await expect(page).toHaveURL(/\/en\/cart$/)
})

test('Thai: after a switch to dollars the cart keeps each line’s baht, counts only what can be paid, and adds it again in dollars', async ({
  page,
  request,
}) => {
  const dress = await pieceOf(request, 'dresses', 'th')
  await gotoHydrated(page, '/cart?region=TH')
  await add(page, `/product/${dress.id}?size=${dress.size}`, WORDS.th.add, WORDS.th.added)
  await gotoHydrated(page, '/cart?region=US')
  const notice = page.getByTestId('cart-region')
  await expect(notice).toContainText('ชำระเป็น USD ไม่ได้')
  await expect(page.getByTestId('cart-subtotal')).toHaveCount(0)
  await expect(page.getByTestId('cart-foreign-thb')).toHaveText(/^฿/)
  await expect(page.locator('.cart-line__total')).toHaveText(/^฿/)
  await expect(page.getByRole('button', { name: WORDS.th.checkOut })).toBeDisabled()

  await notice.getByRole('button', { name: 'เพิ่มใหม่ในราคา USD ของวันนี้' }).click()
  await expect(page.getByTestId('cart-region')).toHaveCount(0)
  await expect(page.getByTestId('cart-subtotal')).toHaveText(/^\$/)
  await expect(page.locator('.cart-line__total')).toHaveText(/^\$/)
  await expect(page.getByRole('button', { name: WORDS.th.checkOut })).toBeEnabled()
})
