import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/** Fixed examples of the demo catalog (src/db/seed/demo-catalog.ts, DEMO_EXAMPLES). */
const DRESS = 'linen-wrap-dress-1001'
const PARTLY_SOLD_OUT = 'linen-wide-leg-trousers-1004'
const SOLD_OUT = 'cotton-poplin-shirt-1002'
const IN_STORE_ONLY = 'thai-silk-pleated-midi-skirt-1003'

test('home → category → filter by size → product → find in store', async ({ page }) => {
  await gotoHydrated(page, '/en')
  await expect(page.getByRole('heading', { level: 2, name: 'New arrivals' })).toBeVisible()
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await menu.getByText('Products', { exact: true }).click()
  await menu.getByRole('link', { name: 'Dresses', exact: true }).click()
  await expect(page).toHaveURL('/en/category/dresses')
  await expect(page.getByRole('heading', { level: 1, name: 'Dresses' })).toBeVisible()

  await page.getByLabel('Size').selectOption('M')
  await expect(page).toHaveURL(/\/en\/category\/dresses\?size=M$/)
  await page.getByLabel('In stock online').click()
  await expect(page).toHaveURL(/\/en\/category\/dresses\?available=true&size=M$/)
  await expect(page.getByText(/^\d+ products$/)).toBeVisible()

  const firstCard = page.locator('.product-card__link').first()
  const name = (await firstCard.locator('.product-card__name').textContent()) ?? ''
  await firstCard.click()
  // The card shows the family's first colour that has size M in stock: its colour, unless the first.
  await expect(page).toHaveURL(/\/en\/product\/[a-z0-9-]+(\?color=[a-z-]+)?$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  await page.getByRole('radio', { name: 'M', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/product\/[a-z0-9-]+\?(color=[a-z-]+&)?size=M$/)
  await page.getByRole('button', { name: 'Find in store' }).click()
  const stores = page.getByRole('dialog', { name: 'Find in store' })
  await expect(stores.getByText('Stores with size M in stock today:')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(stores).toBeHidden()
})

test('the product page shows size guide, care, related products and structured data', async ({ page }) => {
  await gotoHydrated(page, `/en/product/${DRESS}`)
  await page.getByRole('button', { name: 'Size guide' }).click()
  await expect(page.getByRole('dialog', { name: 'Size chart' }).getByRole('table')).toBeVisible()
  await page.getByRole('dialog', { name: 'Size chart' }).getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Caring instructions' }).click()
  await expect(page.getByRole('dialog', { name: 'Caring instructions' }).getByRole('listitem').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { level: 2, name: 'Match with' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'You may also like' })).toBeVisible()
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  type Offer = { priceCurrency: string }
  const product = jsonLd.map((text) => JSON.parse(text) as { '@type': string; hasVariant?: Array<{ offers?: Offer }> })
  // The family with its sizes as variants (sharing.spec.ts checks every field Google documents).
  const group = product.find((item) => item['@type'] === 'ProductGroup')
  expect(group?.hasVariant?.[0]?.offers?.priceCurrency).toBe('THB')
  expect(product.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true)
})

test('adding without a size asks for one; a sold-out size cannot be chosen', async ({ page }) => {
  await gotoHydrated(page, `/en/product/${PARTLY_SOLD_OUT}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please select your size.')
  const soldOutSize = page.getByRole('radio', { name: 'M sold out' })
  await expect(soldOutSize).toBeDisabled()
  await page.goto(`/en/product/${PARTLY_SOLD_OUT}?size=M`)
  await expect(page.getByRole('radio', { name: 'M sold out' })).not.toBeChecked()
})

test('a sold-out product says so and cannot be added; an in-store one says where', async ({ page }) => {
  await page.goto(`/en/product/${SOLD_OUT}`)
  await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled()
  await page.goto(`/product/${IN_STORE_ONLY}`)
  await expect(page.getByText('มีสินค้าที่ร้าน').first()).toBeVisible()
})

test('a Thai search for เดรส finds dresses', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('เดรส')}`)
  await expect(page.getByRole('heading', { level: 1, name: 'ค้นหา' })).toBeVisible()
  const first = page.locator('.product-card__name').first()
  await expect(first).toContainText('เดรส')
})

test('an English search with a typo finds dresses, with suggestions while typing', async ({ page }) => {
  await gotoHydrated(page, '/en/search')
  const box = page.getByRole('combobox', { name: 'Search products' })
  await box.fill('dreses')
  await expect(page.getByRole('option').first()).toBeVisible()
  await box.press('Enter')
  await expect(page).toHaveURL('/en/search?q=dreses')
  await expect(page.locator('.product-card__name').first()).toContainText('Dress')
  await page.goto('/en/search?q=zzqqxxjj')
  await expect(page.getByText('NO PRODUCT FOUND')).toBeVisible()
})

test('an unknown product, collection or editorial is a 404', async ({ page }) => {
  for (const path of [
    '/product/does-not-exist',
    '/collection/nope',
    '/editorials/nope',
    '/collection/evening/rainy-season-2026-knits',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
  }
  await expect(page.getByRole('heading', { level: 1, name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeVisible()
})

test('stores show address, hours, phone and a map link, and which sizes they hold', async ({ page }) => {
  await page.goto(`/en/stores?product=${DRESS}`)
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6)
  await expect(page.getByRole('link', { name: 'Open in maps' }).first()).toHaveAttribute('href', /maps/)
  await expect(page.getByText(/In stock: .*M ×/).first()).toBeVisible()
})

test('scan: a typed barcode opens the product with its size, an unknown one says so', async ({ page, request }) => {
  const detail = await (await request.get(`/api/public/demo/products/${DRESS}?lang=en`)).json()
  const variant = (detail as { variants: Array<{ barcode: string; size: string }> }).variants[1]
  await gotoHydrated(page, '/en/scan')
  await page.getByLabel('Barcode or product code').fill('0000000000000')
  await page.getByRole('button', { name: 'Find product' }).click()
  await expect(page.getByRole('alert')).toHaveText('NO PRODUCT FOUND')
  await page.getByLabel('Barcode or product code').fill(variant?.barcode ?? '')
  await page.getByRole('button', { name: 'Find product' }).click()
  await expect(page).toHaveURL(`/en/product/${DRESS}?size=${variant?.size}`)
})

test('images come from the image endpoint in the asked size, cached immutably', async ({ request }) => {
  const response = await request.get(`/images/products/${DRESS}/1.svg?fm=webp&q=70&w=360&h=480&fit=cover`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/webp')
  expect(response.headers()['cache-control']).toContain('immutable')
  expect((await request.get('/images/products/x/1.svg?w=0')).status()).toBe(400)
  expect((await request.get('/images/../etc/passwd')).status()).toBe(404)
})

test('sitemap.xml lists pages in both languages; robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`<loc>https://shop.example.com/product/${DRESS}</loc>`)
  expect(sitemap).toContain(`<loc>https://shop.example.com/en/product/${DRESS}</loc>`)
  expect(sitemap).toContain('hreflang="x-default"')
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Sitemap: https://shop.example.com/sitemap.xml')
  const disallowed = robots
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length))
  // Session pages stay out of search engines; the cart (empty without the shopper's cookie) may be crawled.
  expect(disallowed).toEqual(expect.arrayContaining(['/checkout', '/en/checkout', '/account', '/en/account']))
  expect(disallowed.filter((path) => path.includes('/cart'))).toEqual([])
})

test('find in store lists the stores holding the chosen size', async ({ page }) => {
  await gotoHydrated(page, `/en/product/${DRESS}?size=M`)
  await page.getByRole('button', { name: 'Find in store' }).click()
  const stores = page.getByRole('dialog', { name: 'Find in store' })
  await expect(stores.getByRole('listitem').first()).toContainText('M ×')
})

test('listing pages are real links of 25 products, and the canonical link keeps the page', async ({ page }) => {
  await gotoHydrated(page, '/en/product')
  await expect(page.locator('.product-card')).toHaveCount(25)
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL('/en/product?page=2')
  await expect(page.getByRole('navigation', { name: 'Pages' }).locator('span[aria-current="page"]')).toHaveText('2')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://shop.example.com/en/product?page=2',
  )
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(page).toHaveURL('/en/product')
})
