import { readFile } from 'node:fs/promises'
import { type APIRequestContext, type Page } from '@playwright/test'
import { asPdfText, pdfText } from '../pdf-text'
import { gotoHydrated } from './hydration'
import { expect, test } from './test'
import { roomyVariant } from './stock'

const DRESS = '/product/linen-wrap-dress-1001'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
/** The demo seller (SELLER_* are not set in the browser tests' demo shop). */
const DEMO_SELLER_NAME = 'บริษัท อเตลิเย่ร์ สยาม จำกัด (Atelier Siam Co., Ltd.)'

/** The words of each language the journey reads and types. */
const LABELS = {
  th: {
    prefix: '',
    addToCart: 'เพิ่มลงตะกร้า',
    added: 'เพิ่มลงตะกร้าแล้ว',
    viewCart: 'ดูตะกร้า',
    checkOut: 'ชำระเงิน',
    guest: 'ดำเนินการต่อโดยไม่เป็นสมาชิก',
    email: 'อีเมล',
    telephone: 'เบอร์โทรศัพท์',
    firstName: 'ชื่อ',
    lastName: 'นามสกุล',
    province: ['จังหวัด', 'กรุงเทพมหานคร'],
    district: ['เขต/อำเภอ', 'จตุจักร'],
    subDistrict: ['แขวง/ตำบล', 'ลาดยาว'],
    address: 'ที่อยู่ บรรทัดที่ 1',
    taxId: 'เลขประจำตัวผู้เสียภาษี (สำหรับใบกำกับภาษีเต็มรูป)',
    useAddress: 'ใช้ที่อยู่นี้',
    editAddress: 'แก้ไขที่อยู่',
    bankTransfer: 'โอนเงินผ่านธนาคารหรือพร้อมเพย์',
    placeOrder: 'สั่งซื้อ',
    section: 'ใบกำกับภาษี',
    notPaidYet: 'คุณสามารถดาวน์โหลดใบกำกับภาษีเต็มรูปได้ที่นี่เมื่อเราได้รับชำระเงินแล้ว',
    download: 'ดาวน์โหลดใบกำกับภาษี',
    buyer: { first: 'สมศรี', last: 'ใจดี', street: '99/1 ถนนพหลโยธิน' },
    buyerAddress: '99/1 ถนนพหลโยธิน แขวงลาดยาว เขตจตุจักร กรุงเทพมหานคร 10900',
  },
  en: {
    prefix: '/en',
    addToCart: 'Add to cart',
    added: 'Added to your cart.',
    viewCart: 'View cart',
    checkOut: 'Check out',
    guest: 'Continue as guest',
    email: 'E-mail',
    telephone: 'Telephone',
    firstName: 'First name',
    lastName: 'Last name',
    province: ['Province', 'Bangkok'],
    district: ['District', 'Chatuchak'],
    subDistrict: ['Sub-district', 'Lat Yao'],
    address: 'Address 1',
    taxId: 'Tax ID (for a full tax invoice)',
    useAddress: 'Use this address',
    editAddress: 'Edit address',
    bankTransfer: 'Bank transfer or PromptPay',
    placeOrder: 'Place order',
    section: 'Tax invoice',
    notPaidYet: 'Your full tax invoice can be downloaded here once we have received the payment.',
    download: 'Download tax invoice',
    buyer: { first: 'Somchai', last: 'Buyer', street: '1 Phahonyothin Road' },
    buyerAddress: '1 Phahonyothin Road Lat Yao Chatuchak Bangkok 10900',
  },
} as const

/** A size of the dress with plenty left (the browser tests share one database). */
async function roomySize(request: APIRequestContext): Promise<string> {
  return (await roomyVariant(request, 'linen-wrap-dress-1001')).size
}

/** A guest buys the dress by bank transfer, giving a tax ID with the address; the order number. */
async function orderWithTaxId(page: Page, request: APIRequestContext, lang: keyof typeof LABELS, taxId: string) {
  const words = LABELS[lang]
  await gotoHydrated(page, `${words.prefix}${DRESS}?size=${await roomySize(request)}`)
  await page.getByRole('button', { name: words.addToCart }).click()
  await expect(page.getByRole('status').filter({ hasText: words.added })).toBeVisible()
  await page.getByRole('link', { name: words.viewCart }).click()
  await page.getByRole('button', { name: words.checkOut }).click()
  await page.getByRole('button', { name: words.guest }).click()

  await page.getByRole('textbox', { name: words.email }).first().fill('tax.buyer@example.com')
  await page.getByRole('textbox', { name: words.telephone }).first().fill('0812345678')
  await page.getByRole('textbox', { name: words.firstName, exact: true }).fill(words.buyer.first)
  await page.getByRole('textbox', { name: words.lastName }).fill(words.buyer.last)
  if (lang === 'th') {
    await page.getByRole('textbox', { name: words.telephone }).nth(1).fill('0812345678')
    await page.getByRole('textbox', { name: words.email }).nth(1).fill('tax.buyer@example.com')
  } else {
    await page.getByRole('textbox', { name: 'Phone number' }).fill('0812345678')
    await page.getByRole('textbox', { name: 'Email' }).fill('tax.buyer@example.com')
  }
  await page.getByRole('combobox', { name: words.province[0] }).selectOption({ label: words.province[1] })
  await page.getByRole('combobox', { name: words.district[0], exact: true }).selectOption({ label: words.district[1] })
  await page.getByRole('combobox', { name: words.subDistrict[0] }).selectOption({ label: words.subDistrict[1] })
  await page.getByRole('textbox', { name: words.address }).fill(words.buyer.street)
  await page.getByRole('textbox', { name: words.taxId }).fill(taxId)
  await page.getByRole('button', { name: words.useAddress }).click()
  await expect(page.getByRole('button', { name: words.editAddress })).toBeVisible()
  await page.getByRole('radio', { name: words.bankTransfer }).check()
  await page.getByRole('button', { name: words.placeOrder }).click()
  await expect(page).toHaveURL(new RegExp(`${words.prefix}/order/AS\\d{4}-\\d{5}$`))
  const number = /AS\d{4}-\d{5}/.exec(page.url())?.[0]
  if (!number) throw new Error('no order number in the URL')
  return number
}

for (const lang of ['th', 'en'] as const) {
  test(`a guest who gave a tax ID downloads the full tax invoice of the paid order (${lang})`, async ({
    page,
    request,
  }) => {
    const words = LABELS[lang]
    // Typed as it is printed; the shop keeps the 13 digits.
    const number = await orderWithTaxId(page, request, lang, '1-1017-00230-70-8')
    const section = page.getByRole('region', { name: words.section })
    await expect(section).toContainText(words.notPaidYet)
    await expect(section.getByRole('link', { name: words.download })).toHaveCount(0)

    // The back office sees the transfer and marks the order paid.
    const paid = await request.post(`/api/public/demo/operator/orders/${number}/status`, {
      headers: OPERATOR,
      data: { status: 'paid' },
    })
    expect(paid.status()).toBe(200)
    await gotoHydrated(page, `${words.prefix}/order/${number}`)
    const link = page.getByRole('region', { name: words.section }).getByRole('link', { name: words.download })
    await expect(link).toHaveAttribute('href', `${words.prefix}/order/${number}/tax-invoice`)

    const downloading = page.waitForEvent('download')
    await link.click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^tax-invoice-TI\d{7}\.pdf$/)
    const invoiceNumber = /TI\d{7}/.exec(download.suggestedFilename())?.[0] ?? ''
    const pdf = await pdfText(new Uint8Array(await readFile(await download.path())))
    for (const expected of [
      'ใบกำกับภาษี',
      'Tax Invoice',
      `เลขที่ / No.: ${invoiceNumber}`,
      `คำสั่งซื้อ / Order: ${number}`,
      DEMO_SELLER_NAME,
      'เลขประจำตัวผู้เสียภาษี / Tax ID: 0-1055-64000-00-4',
      'สาขา / Branch: สำนักงานใหญ่ (Head office)',
      'ผู้ซื้อ / Buyer',
      `${words.buyer.first} ${words.buyer.last}`,
      words.buyerAddress,
      'เลขประจำตัวผู้เสียภาษี / Tax ID: 1-1017-00230-70-8',
      'เดรสผ้าลินิน',
      'Linen Wrap Dress',
      'ภาษีมูลค่าเพิ่ม 7% / VAT 7%',
      'จำนวนเงินรวมทั้งสิ้น / Total',
    ]) {
      expect(pdf.text, expected).toContain(asPdfText(expected))
    }

    // The order page now names the invoice, and a second download is the same invoice.
    await gotoHydrated(page, `${words.prefix}/order/${number}`)
    await expect(page.getByRole('region', { name: words.section })).toContainText(invoiceNumber)
    const again = await page.request.get(`${words.prefix}/order/${number}/tax-invoice`)
    expect(again.status()).toBe(200)
    expect(again.headers()['content-disposition']).toBe(`attachment; filename="tax-invoice-${invoiceNumber}.pdf"`)
  })
}

test('an order without a tax ID explains why it has no tax invoice, and the link answers in the shopper’s language', async ({
  page,
  request,
}) => {
  const number = await orderWithTaxId(page, request, 'en', '')
  const paid = await request.post(`/api/public/demo/operator/orders/${number}/status`, {
    headers: OPERATOR,
    data: { status: 'paid' },
  })
  expect(paid.status()).toBe(200)
  await gotoHydrated(page, `/en/order/${number}`)
  const section = page.getByRole('region', { name: 'Tax invoice' })
  await expect(section).toContainText('No tax ID was given with the delivery address of this order')
  await expect(section.getByRole('link')).toHaveCount(0)

  // Asked for all the same (an old link): a 409 page that says why, in English, with the way back.
  const response = await page.goto(`/en/order/${number}/tax-invoice`)
  expect(response?.status()).toBe(409)
  await expect(page.getByRole('alert')).toHaveText(
    'No tax ID was given with the delivery address of this order, so no full tax invoice can be issued.',
  )
  await expect(page.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `/en/order/${number}`)
  // Someone else (a fresh browser without the order's cookie) is told there is no such order.
  const stranger = await request.get(`/order/${number}/tax-invoice`)
  expect(stranger.status()).toBe(404)
  expect(await stranger.text()).toContain('ไม่พบคำสั่งซื้อนี้')
})
