import { type APIRequestContext, type BrowserContext } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'
import { placeGuestOrder } from './support/guest-orders'

/**
 * Issue 17, item 5: a shopper asks for the return of one piece of a received order, with a reason, and sees the
 * request listed; the parcel's tracking number is shown with the carrier's link once the back office adds it.
 */

const API = '/api/public/demo'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
const DRESS = 'linen-wrap-dress-1001'

type Variant = { sku: string; size: string; available_online: boolean; low_stock: boolean }

/** A size of a product with plenty left (the browser tests share one database). */
async function roomySku(request: APIRequestContext, productId: string): Promise<string> {
  return (await roomyVariant(request, productId)).sku
}

/** A piece of jewelry at full price: never exchanged or returned (§9). */
async function jewelrySku(request: APIRequestContext): Promise<string> {
  const page = (await (await request.get(`${API}/products?category=jewelry&available=true`)).json()) as {
    items: Array<{ id: string; tags: string[] }>
  }
  for (const item of page.items.filter((entry) => !entry.tags.includes('sale'))) {
    const product = (await (await request.get(`${API}/products/${item.id}`)).json()) as { variants: Variant[] }
    const variant = product.variants.find((v) => v.available_online && !v.low_stock)
    if (variant) return variant.sku
  }
  throw new Error('no piece of jewelry in stock')
}

/**
 * A guest's order of the dress and a piece of jewelry, placed through the API; the browser holds the guest's
 * order token as the checkout would have left it.
 */
async function guestOrder(request: APIRequestContext, context: BrowserContext, lang: 'th' | 'en'): Promise<string> {
  return placeGuestOrder(request, context, {
    skus: [await roomySku(request, DRESS), await jewelrySku(request)],
    lang,
    guest: { lastname: 'Returns', email: 'returns.guest@example.com' },
    idempotencyKey: `e2e-returns-${lang}-${Date.now()}`,
  })
}

async function moveTo(request: APIRequestContext, number: string, statuses: string[]) {
  for (const status of statuses) {
    const moved = await request.post(`${API}/operator/orders/${number}/status`, {
      headers: OPERATOR,
      data: { status },
    })
    expect(moved.status()).toBe(200)
  }
}

async function ship(request: APIRequestContext, number: string, carrier: string, trackingNumber: string) {
  const shipped = await request.post(`${API}/operator/orders/${number}/shipments`, {
    headers: OPERATOR,
    data: { carrier, tracking_number: trackingNumber },
  })
  expect(shipped.status()).toBe(201)
}

test(
  'a guest returns one piece of a received order in Thai, with a reason, and sees tracking @mobile',
  { tag: '@cluster' },
  async ({ page, request, context }) => {
    const number = await guestOrder(request, context, 'th')

    // Unpaid: no exchange or return box.
    await gotoHydrated(page, `/order/${number}`)
    await expect(page.getByText(`หมายเลขคำสั่งซื้อ: ${number}`)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'การเปลี่ยนและคืนสินค้า' })).toHaveCount(0)

    await moveTo(request, number, ['paid', 'packed', 'in_transit'])
    await ship(request, number, 'thailand_post', 'EF582936451TH')
    await moveTo(request, number, ['received'])

    await gotoHydrated(page, `/order/${number}`)
    const tracking = page.getByRole('region', { name: 'ติดตามพัสดุ' })
    await expect(tracking.getByText('ไปรษณีย์ไทย')).toBeVisible()
    const link = tracking.getByRole('link', { name: /ติดตามพัสดุ EF582936451TH/ })
    await expect(link).toHaveAttribute('href', 'https://track.thailandpost.co.th/?trackNumber=EF582936451TH')
    await expect(link).toHaveAttribute('target', '_blank')

    const box = page.getByRole('region', { name: 'การเปลี่ยนและคืนสินค้า' })
    await expect(box.getByText(/เปลี่ยนหรือคืนสินค้าได้ถึง/)).toBeVisible()
    const form = box.getByRole('form', { name: 'ขอเปลี่ยนหรือคืนสินค้า' })
    const pieces = form.getByRole('group', { name: 'สินค้าชิ้นไหน?' })
    // The jewelry cannot be chosen, and says why.
    const checkboxes = pieces.getByRole('checkbox')
    await expect(checkboxes).toHaveCount(2)
    await expect(checkboxes.nth(1)).toBeDisabled()
    await expect(pieces.getByText('ชุดชั้นใน ชุดว่ายน้ำ เครื่องประดับแฟชั่น และจิวเวลรี่ ไม่สามารถเปลี่ยนหรือคืนได้')).toBeVisible()

    // Nothing chosen, no reason: the server says what is missing, in Thai, and it is announced.
    await form.getByRole('button', { name: 'ส่งคำขอ' }).click()
    await expect(form.getByRole('alert').filter({ hasText: 'กรุณาเลือกสินค้าอย่างน้อยหนึ่งชิ้น' })).toBeVisible()
    await expect(form.getByRole('alert').filter({ hasText: 'จำเป็นต้องกรอกช่องนี้' })).toBeVisible()
    await expect(form.getByRole('combobox', { name: 'เหตุผล' })).toHaveAttribute('aria-invalid', 'true')

    await checkboxes.first().check()
    await form.getByRole('radio', { name: 'คืนสินค้าและขอเงินคืน' }).check()
    await form.getByRole('combobox', { name: 'เหตุผล' }).selectOption({ label: 'ไซซ์ไม่พอดี' })
    await form.getByRole('textbox', { name: 'รายละเอียดเพิ่มเติม (ไม่บังคับ)' }).fill('ตัวเล็กไปนิด')
    await form.getByRole('button', { name: 'ส่งคำขอ' }).click()
    await expect(box.getByRole('status').filter({ hasText: 'ส่งคำขอแล้ว' })).toBeVisible()

    const requests = box.getByRole('list', { name: 'คำขอของคุณ' })
    await expect(requests.getByText('คืนสินค้าและคืนเงิน')).toBeVisible()
    await expect(requests.getByText('สถานะ: ส่งแล้ว รอคำตอบจากเรา')).toBeVisible()
    await expect(requests.getByText('เหตุผล: ไซซ์ไม่พอดี')).toBeVisible()
    await expect(requests.getByText('ตัวเล็กไปนิด')).toBeVisible()
    // The only returnable piece is asked for: the form is gone, the request stays after a reload.
    await expect(box.getByRole('form')).toHaveCount(0)
    await gotoHydrated(page, `/order/${number}`)
    await expect(page.getByRole('list', { name: 'คำขอของคุณ' }).getByText('เหตุผล: ไซซ์ไม่พอดี')).toBeVisible()
    await expect(page.getByText('สินค้าทุกชิ้นที่เปลี่ยนหรือคืนได้อยู่ในคำขอแล้ว')).toBeVisible()
  },
)

test('a guest asks for an exchange of one piece in English and reads the back office’s answer', async ({
  page,
  request,
  context,
}) => {
  const number = await guestOrder(request, context, 'en')
  await moveTo(request, number, ['paid', 'packed', 'in_transit', 'received'])

  await gotoHydrated(page, `/en/order/${number}`)
  const box = page.getByRole('region', { name: 'Exchange and return' })
  const form = box.getByRole('form', { name: 'Ask for an exchange or return' })
  await form.getByRole('checkbox').first().check()
  await form.getByRole('radio', { name: 'An exchange' }).check()
  const size = form.getByRole('combobox', { name: /^Size wanted for / })
  await expect(size).toBeVisible()
  const current = await size.inputValue()
  const options = await size.locator('option').allTextContents()
  const wanted = options.find((option) => option !== current) ?? ''
  await size.selectOption({ label: wanted })
  // "Other" needs a few words.
  await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Other reason' })
  await form.getByRole('button', { name: 'Send the request' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'Please tell us more about the reason.' })).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Tell us more' })).toBeFocused()
  await form.getByRole('textbox', { name: 'Tell us more' }).fill('The colour looks different in daylight')
  await form.getByRole('button', { name: 'Send the request' }).click()
  await expect(box.getByRole('status').filter({ hasText: 'Your request was sent.' })).toBeVisible()
  const requests = box.getByRole('list', { name: 'Your requests' })
  await expect(requests.getByText('Exchange', { exact: true })).toBeVisible()
  await expect(requests.getByText('Status: Sent, awaiting our answer')).toBeVisible()
  await expect(requests.getByText(`for size ${wanted}`)).toBeVisible()

  // The back office finds it and accepts it with a note; the shopper reads it.
  const listed = await request.get(`${API}/operator/returns?status=requested&lang=en`, { headers: OPERATOR })
  const entry = ((await listed.json()) as { items: Array<{ id: string; order: { number: string } }> }).items.find(
    (item) => item.order.number === number,
  )
  if (!entry) throw new Error('the request is not in the back office list')
  const accepted = await request.post(`${API}/operator/returns/${entry.id}/accept`, {
    headers: OPERATOR,
    data: { note: 'Please send the dress back with its tags' },
  })
  expect(accepted.status()).toBe(200)
  await ship(request, number, 'kerry_express', 'KERDO0012345678')
  await gotoHydrated(page, `/en/order/${number}`)
  await expect(page.getByText('Status: Accepted')).toBeVisible()
  await expect(page.getByText('Our answer: Please send the dress back with its tags')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Tracking' }).getByRole('link', { name: /Track parcel KERDO0012345678/ }),
  ).toHaveAttribute('href', 'https://th.kex-express.com/th/track/?track=KERDO0012345678')
})
