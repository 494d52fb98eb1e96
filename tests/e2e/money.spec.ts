import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'

/**
 * Issue 29 items 7, 8 and 10, as a shopper sees them in Thai and in English: a club item says it is one on its card,
 * its page and in the cart, and the fee it brings says why; the cart counts only what can be paid and states the
 * mix-and-match saving and the total to pay; the order keeps mix-and-match and NEW200 as two named lines with the
 * pieces at their shelf prices.
 */

const API = '/api/public/demo'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
/** §9 mix-and-match: 3 different pieces for ฿1,990 (MIX_MATCH_BUNDLE_PRICES). */
const BUNDLE_OF_3 = 1_990_00

type Summary = { id: string; price: { amount: number }; tags: string[]; category: { slug: string } }

async function listed(request: APIRequestContext, tag: string): Promise<Summary[]> {
  const response = await request.get(`${API}/products?tag=${tag}&page_size=25&available=true&lang=en&currency=thb`)
  expect(response.status()).toBe(200)
  const { items } = (await response.json()) as { items: Summary[] }
  return items.filter(
    (item) => !item.tags.includes('sale') && item.category.slug !== 'shoes' && item.category.slug !== 'accessories',
  )
}

const baht = (satang: number) => `฿${(satang / 100).toLocaleString('en-US')}`

const WORDS = {
  th: {
    prefix: '',
    add: 'เพิ่มลงตะกร้า',
    added: 'เพิ่มลงตะกร้าแล้ว',
    club: 'คลับ',
    clubExplained: 'สินค้าคลับมีค่าจัดส่ง ฿50 ภายในประเทศไทย',
    clubReason: 'มีสินค้าคลับในคำสั่งซื้อ: สินค้าคลับมีค่าจัดส่ง ฿50 ภายในประเทศไทย',
    notCounted: 'ไม่นับรวมในยอดรวมสินค้า',
    calculated: 'คำนวณตอนชำระเงิน',
    remove: 'ลบ',
    checkOut: 'ชำระเงิน',
    guestDialog: 'กรุณาเข้าสู่ระบบ',
    guest: 'ดำเนินการต่อโดยไม่เป็นสมาชิก',
    withinThailand: '฿50 ภายในประเทศไทย',
    contactEmail: 'อีเมล',
    contactPhone: 'เบอร์โทรศัพท์',
    firstName: 'ชื่อ',
    lastName: 'นามสกุล',
    addressPhone: 'เบอร์โทรศัพท์',
    addressEmail: 'อีเมล',
    province: 'จังหวัด',
    provinceName: 'กรุงเทพมหานคร',
    district: 'เขต/อำเภอ',
    districtName: 'จตุจักร',
    subDistrict: 'แขวง/ตำบล',
    line1: 'ที่อยู่ บรรทัดที่ 1',
    useAddress: 'ใช้ที่อยู่นี้',
    editAddress: 'แก้ไขที่อยู่',
    code: 'โค้ดส่วนลด',
    apply: 'ใช้โค้ด',
    bank: 'โอนเงินผ่านธนาคารหรือพร้อมเพย์',
    place: 'สั่งซื้อ',
    mixMatch: 'มิกซ์แอนด์แมทช์',
    new200: 'โค้ดส่วนลด NEW200',
  },
  en: {
    prefix: '/en',
    add: 'Add to cart',
    added: 'Added to your cart.',
    club: 'Club',
    clubExplained: 'Club items pay a ฿50 delivery fee within Thailand.',
    clubReason: 'A club item is in the order: club items pay a ฿50 delivery fee within Thailand.',
    notCounted: 'Not counted in the subtotal',
    calculated: 'Calculated at checkout',
    remove: 'Remove',
    checkOut: 'Check out',
    guestDialog: 'Please log in',
    guest: 'Continue as guest',
    withinThailand: '฿50 within Thailand',
    contactEmail: 'E-mail',
    contactPhone: 'Telephone',
    firstName: 'First name',
    lastName: 'Last name',
    addressPhone: 'Phone number',
    addressEmail: 'Email',
    province: 'Province',
    provinceName: 'Bangkok',
    district: 'District',
    districtName: 'Chatuchak',
    subDistrict: 'Sub-district',
    line1: 'Address 1',
    useAddress: 'Use this address',
    editAddress: 'Edit address',
    code: 'Discount code',
    apply: 'Apply',
    bank: 'Bank transfer or PromptPay',
    place: 'Place order',
    mixMatch: 'Mix and match',
    new200: 'Discounted code NEW200',
  },
} as const

async function addToCart(page: Page, words: (typeof WORDS)['th' | 'en'], id: string, size: string) {
  await gotoHydrated(page, `${words.prefix}/product/${id}?size=${size}`)
  await page.getByRole('button', { name: words.add, exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: words.added })).toBeVisible()
}

for (const lang of ['th', 'en'] as const) {
  test(`${lang}: a club item is labelled and its fee explained, the cart counts what can be paid, the order keeps each discount`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000)
    const words = WORDS[lang]
    const offset = lang === 'th' ? 0 : 4
    const mix = (await listed(request, 'mix_match')).filter((item) => !item.tags.includes('club'))
    const pieces = mix.slice(offset, offset + 4)
    expect(pieces).toHaveLength(4)
    const club = (await listed(request, 'club')).filter((item) => !item.tags.includes('mix_match'))[
      lang === 'th' ? 0 : 1
    ]
    if (!club) throw new Error('no full-price club item in the demo catalog')

    // Item 8: the card of a club item says "Club", and what it means.
    await gotoHydrated(page, `${words.prefix}/product?tag=club`)
    const badge = page.getByTestId('club-badge').first()
    await expect(badge).toContainText(words.club)
    await expect(badge).toHaveAttribute('title', words.clubExplained)

    // Its page says it in words.
    const clubSize = await roomyVariant(request, club.id)
    await addToCart(page, words, club.id, clubSize.size)
    await expect(page.getByTestId('club-note')).toHaveText(`${words.club} ${words.clubExplained}`)

    const sizes: Array<{ sku: string; size: string }> = []
    for (const piece of pieces) {
      const variant = await roomyVariant(request, piece.id)
      sizes.push(variant)
      await addToCart(page, words, piece.id, variant.size)
    }
    // The fourth piece sells out meanwhile.
    const soldOut = sizes[3]?.sku ?? ''
    const stocked = await request.put(`${API}/operator/variants/${encodeURIComponent(soldOut)}/stock`, {
      headers: OPERATOR,
      data: { stock_online: 0 },
    })
    expect(stocked.status()).toBe(204)

    // Item 10: the cart counts the club item and three pieces, states the saving and the total to pay.
    await gotoHydrated(page, `${words.prefix}/cart`)
    const three = pieces.slice(0, 3).reduce((sum, piece) => sum + piece.price.amount, 0)
    const saving = Math.max(0, three - BUNDLE_OF_3)
    const subtotal = club.price.amount + three
    await expect(page.getByTestId('cart-subtotal')).toHaveText(baht(subtotal))
    await expect(page.getByTestId('cart-line-not-counted')).toHaveText(words.notCounted)
    await expect(page.getByTestId('cart-mix-match')).toHaveText(`−${baht(saving)}`)
    await expect(page.getByTestId('cart-shipping')).toHaveText(words.calculated)
    await expect(page.getByTestId('cart-total')).toHaveText(baht(subtotal - saving))
    // The club line says what it is.
    await expect(page.getByTestId('club-note')).toHaveText(`${words.club} ${words.clubExplained}`)

    // The sold-out piece goes, and the shopper checks out.
    const blocked = page.locator('.cart-line--blocked')
    // Its first link button is Remove (named 'Remove <piece>').
    await blocked.locator('button.link-button').first().click()
    await page.getByRole('dialog').getByRole('button', { name: words.remove, exact: true }).click()
    await expect(blocked).toHaveCount(0)
    await page.getByRole('button', { name: words.checkOut, exact: true }).click()
    const modal = page.getByRole('dialog', { name: words.guestDialog })
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: words.guest }).click()

    // Item 8 at checkout: the courier option states its price and why.
    await expect(page.getByTestId('courier-price')).toHaveText(words.withinThailand)
    await expect(page.getByTestId('courier-reason')).toHaveText(words.clubReason)

    await page.getByRole('textbox', { name: words.contactEmail }).first().fill('money.buyer@example.com')
    await page.getByRole('textbox', { name: words.contactPhone }).first().fill('0812345678')
    await page.getByRole('textbox', { name: words.firstName, exact: true }).fill('Somsri')
    await page.getByRole('textbox', { name: words.lastName }).fill('Money')
    await page.getByRole('textbox', { name: words.addressPhone }).last().fill('0812345678')
    await page.getByRole('textbox', { name: words.addressEmail }).last().fill('money.buyer@example.com')
    await page.getByRole('combobox', { name: words.province }).selectOption({ label: words.provinceName })
    await page.getByRole('combobox', { name: words.district, exact: true }).selectOption({ label: words.districtName })
    await page.getByRole('combobox', { name: words.subDistrict }).selectOption({ index: 1 })
    await page.getByRole('textbox', { name: words.line1 }).fill('99/1 Phahonyothin Road')
    await page.getByRole('button', { name: words.useAddress }).click()
    await expect(page.getByRole('button', { name: words.editAddress })).toBeVisible()
    await page.getByRole('textbox', { name: words.code }).fill('NEW200')
    await page.getByRole('button', { name: words.apply }).click()
    await expect(page.getByTestId('discount')).toHaveText('−฿200')
    await expect(page.getByTestId('mix-match-discount')).toHaveText(`−${baht(saving)}`)
    await expect(page.getByTestId('shipping-fee')).toHaveText('฿50')
    await expect(page.getByTestId('shipping-reason')).toHaveText(words.clubReason)
    await page.getByRole('radio', { name: words.bank }).check()
    await page.getByRole('button', { name: words.place, exact: true }).click()

    // Item 7: the order keeps mix-and-match and NEW200 apart, named, and the pieces at their shelf prices.
    await expect(page).toHaveURL(/\/order\/AS\d{4}-\d{5}$/)
    const summary = page.locator('.cart-summary')
    await expect(summary.getByText(words.mixMatch, { exact: true })).toBeVisible()
    await expect(page.getByTestId('order-discount-mix_match')).toHaveText(`−${baht(saving)}`)
    await expect(summary.getByText(words.new200, { exact: true })).toBeVisible()
    await expect(page.getByTestId('order-discount-code')).toHaveText('−฿200')
    await expect(page.getByTestId('shipping-reason')).toHaveText(words.clubReason)
    const lineAmounts = await page.locator('.order-items__total').allTextContents()
    expect(lineAmounts.toSorted()).toEqual(
      [club.price.amount, ...pieces.slice(0, 3).map((piece) => piece.price.amount)].map(baht).toSorted(),
    )
  })
}
