import { devices, type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/**
 * Issue 16 on a Pixel 7: the filters in a sheet with chips for the active ones, so the first products are on the
 * first screen (the cookie banner included); numbered pages; a price range that cannot be invalid; the cart's
 * mix-and-match line; the category bar of wide screens; Thai set without letter-spacing. Thai and English.
 */
const pixel = devices['Pixel 7']
test.use({
  viewport: pixel.viewport,
  userAgent: pixel.userAgent,
  deviceScaleFactor: pixel.deviceScaleFactor,
  isMobile: pixel.isMobile,
  hasTouch: pixel.hasTouch,
})

const API = '/api/public/demo'

async function firstCardOnFirstScreen(page: Page) {
  const card = page.locator('.product-card').first()
  await expect(card).toBeVisible()
  const box = await card.boundingBox()
  const height = page.viewportSize()?.height ?? 0
  expect(box, 'the first card has a box').not.toBeNull()
  // Its picture starts within the first screen, with room to see it.
  expect((box?.y ?? height) + 120).toBeLessThan(height)
}

test.describe('a first visit (the cookie banner not yet answered)', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('Thai: the filters sit in a sheet, active ones are chips, and products start on the first screen', async ({
    page,
  }) => {
    await gotoHydrated(page, '/category/dresses')
    // The cookie banner is there (a fresh browser) and still the first products show.
    await expect(page.getByRole('region', { name: 'คุกกี้' })).toBeVisible()
    await firstCardOnFirstScreen(page)
    await expect(page.getByRole('combobox', { name: 'ไซซ์' })).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'หมวดหมู่' })).toBeHidden()

    await page.getByRole('button', { name: 'ตัวกรอง' }).click()
    const sheet = page.getByRole('dialog', { name: 'ตัวกรอง' })
    await expect(sheet).toBeVisible()
    await sheet.getByRole('combobox', { name: 'ไซซ์' }).selectOption('M')
    await expect(page).toHaveURL(/\/category\/dresses\?size=M$/)
    // The box follows the URL: it is ticked once the listing has moved there.
    await sheet.getByRole('checkbox', { name: 'มีสินค้าออนไลน์' }).click()
    await expect(page).toHaveURL(/available=true/)
    await expect(sheet.getByRole('checkbox', { name: 'มีสินค้าออนไลน์' })).toBeChecked()
    const count = (await page.locator('.listing__count').textContent()) ?? ''
    const total = /(\d+)/.exec(count)?.[1] ?? ''
    await sheet.getByRole('button', { name: `แสดงสินค้า ${total} รายการ` }).click()
    await expect(sheet).toBeHidden()

    const chips = page.getByRole('list', { name: 'ตัวกรองที่ใช้อยู่' })
    await expect(chips.getByRole('button', { name: 'นำตัวกรองออก: ไซซ์ M' })).toBeVisible()
    await expect(page.getByRole('button', { name: /ตัวกรอง.*ใช้อยู่ 2 รายการ/ })).toBeVisible()
    await firstCardOnFirstScreen(page)
    await chips.getByRole('button', { name: 'นำตัวกรองออก: ไซซ์ M' }).click()
    await expect(page).toHaveURL(/\/category\/dresses\?available=true$/)
    await chips.getByRole('button', { name: 'ล้างตัวกรอง' }).click()
    await expect(page).toHaveURL(/\/category\/dresses$/)
    await expect(chips).toBeHidden()

    // Thai is not letter-spaced (buttons keep their tracking only in English), and gets its own face.
    const button = page.getByRole('button', { name: 'ตัวกรอง' })
    expect(await button.evaluate((element) => getComputedStyle(element).letterSpacing)).toBe('normal')
    expect(await button.evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Shop Thai')
    // Answering the banner takes it away for good.
    await page.getByRole('region', { name: 'คุกกี้' }).getByRole('button', { name: 'ปฏิเสธ' }).click()
    await expect(page.getByRole('region', { name: 'คุกกี้' })).toBeHidden()
  })
})

test('English: a price range typed the wrong way round is turned round; pages are numbered; past the last page goes to it', async ({
  page,
}) => {
  await gotoHydrated(page, '/en/product')
  const button = page.getByRole('button', { name: 'Filters' })
  expect(await button.evaluate((element) => getComputedStyle(element).letterSpacing)).not.toBe('normal')
  await button.click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await sheet.getByRole('textbox', { name: 'Min price' }).fill('3000')
  await sheet.getByRole('textbox', { name: 'Max price' }).fill('1000')
  await sheet.getByRole('textbox', { name: 'Max price' }).press('Enter')
  await expect(page).toHaveURL(/max=3000/)
  await expect(page).toHaveURL(/min=1000/)
  await expect(sheet.getByRole('textbox', { name: 'Min price' })).toHaveValue('1000')
  await expect(sheet.getByRole('textbox', { name: 'Max price' })).toHaveValue('3000')
  // Letters never get in.
  await sheet.getByRole('textbox', { name: 'Min price' }).fill('12ab')
  await expect(sheet.getByRole('textbox', { name: 'Min price' })).toHaveValue('12')
  await sheet.getByRole('textbox', { name: 'Min price' }).fill('1000')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter: ฿1,000 – ฿3,000' }),
  ).toBeVisible()

  await gotoHydrated(page, '/en/product')
  const pages = page.getByRole('navigation', { name: 'Pages' })
  await expect(pages.locator('[aria-current="page"]')).toHaveText('1')
  const last = Number(
    await pages
      .getByRole('link', { name: /^Page \d+$/ })
      .last()
      .textContent(),
  )
  expect(last).toBeGreaterThan(2)
  await pages.getByRole('link', { name: 'Page 2', exact: true }).click()
  await expect(page).toHaveURL('/en/product?page=2')
  // The page's own marker (a link to page 2 is also "current" for a moment, while page 2's products load).
  await expect(pages.locator('span[aria-current="page"]')).toHaveText('2')
  await expect(pages.locator('[aria-current="page"]')).toHaveText('2')
  await expect(page.locator('.product-card')).toHaveCount(25)

  // page=99 is no page: the last one, with a count that agrees with its cards.
  await gotoHydrated(page, '/en/product?page=99')
  await expect(page).toHaveURL(`/en/product?page=${last}`)
  await expect(page.getByText('NO PRODUCT FOUND')).toBeHidden()
  await expect(page.locator('.product-card').first()).toBeVisible()
})

/** Mix-and-match pieces with a size in stock online, from the product API. */
async function mixMatchPieces(request: APIRequestContext, count: number) {
  const response = await request.get(`${API}/products?tag=mix_match&available=true&lang=en&currency=thb&page_size=25`)
  const { items } = (await response.json()) as { items: Array<{ id: string }> }
  const pieces: Array<{ id: string; size: string }> = []
  for (const item of items) {
    const detail = await request.get(`${API}/products/${item.id}?lang=en&currency=thb`)
    const product = (await detail.json()) as {
      variants: Array<{ size: string; available_online: boolean; low_stock: boolean }>
    }
    const variant = product.variants.find((entry) => entry.available_online && !entry.low_stock && entry.size !== 'OS')
    if (variant) pieces.push({ id: item.id, size: variant.size })
    if (pieces.length === count) return pieces
  }
  throw new Error('not enough mix-and-match pieces in stock')
}

async function addPiece(page: Page, prefix: '' | '/en', piece: { id: string; size: string }) {
  await gotoHydrated(page, `${prefix}/product/${piece.id}`)
  await page.getByRole('radio', { name: piece.size, exact: true }).click()
  await page.getByRole('button', { name: prefix ? 'Add to cart' : 'เพิ่มลงตะกร้า' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: prefix ? 'Added to your cart.' : 'เพิ่มลงตะกร้าแล้ว' }),
  ).toBeVisible()
}

test('the cart counts mix-and-match pieces towards a bundle and shows what it saves, in Thai', async ({
  page,
  request,
}) => {
  const [first, second, third] = await mixMatchPieces(request, 3)
  if (!first || !second || !third) throw new Error('three pieces expected')
  await gotoHydrated(page, `/product/${first.id}`)
  await expect(page.getByText(/เลือก 3 ชิ้นไม่ซ้ำกันในราคา ฿1,990/)).toBeVisible()
  await addPiece(page, '', first)
  await addPiece(page, '', second)
  await gotoHydrated(page, '/cart')
  const line = page.getByTestId('mix-match')
  await expect(line).toContainText('เพิ่มอีก 1 ชิ้นที่ไม่ซ้ำกัน เพื่อรับ 3 ชิ้นในราคา ฿1,990')
  await addPiece(page, '', third)
  await gotoHydrated(page, '/cart')
  await expect(line).toContainText(/ครบ 3 ชิ้นไม่ซ้ำกัน ประหยัดไป ฿[\d,]+|ราคารวมต่ำกว่าราคาแพ็ก/)
  await expect(line).toContainText('เพิ่มอีก 2 ชิ้นที่ไม่ซ้ำกัน เพื่อรับ 5 ชิ้นในราคา ฿2,990')
})

test('the cart’s mix-and-match line in English, and the listing card says which pieces count', async ({
  page,
  request,
}) => {
  const [piece] = await mixMatchPieces(request, 1)
  if (!piece) throw new Error('a piece expected')
  await gotoHydrated(page, '/en/product?tag=mix_match')
  await expect(page.getByRole('heading', { level: 1, name: 'Mix and match' })).toBeVisible()
  await expect(page.locator('.product-card').first().getByText('Mix & match')).toBeVisible()
  await addPiece(page, '/en', piece)
  await gotoHydrated(page, '/en/cart')
  await expect(page.getByTestId('mix-match')).toContainText('Add 2 more different pieces to get 3 for ฿1,990.')
  await page.getByTestId('mix-match').getByRole('link', { name: 'See the mix-and-match pieces' }).click()
  await expect(page).toHaveURL('/en/product?tag=mix_match')
})

test.describe('a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false })

  test('has a category bar besides the menu, and the filters inline', async ({ page }) => {
    await gotoHydrated(page, '/en')
    const bar = page.getByRole('navigation', { name: 'Categories' })
    await expect(bar).toBeVisible()
    await bar.getByRole('link', { name: 'Skirts', exact: true }).click()
    await expect(page).toHaveURL('/en/category/skirts')
    await expect(bar.getByRole('link', { name: 'Skirts', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('combobox', { name: 'Size' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden()
  })
})
