import { devtoolsInBuild, devtoolsMessage } from '../../scripts/devtools-check.mjs'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'

test('/checkout typed into the address bar lands on /cart', async ({ page }) => {
  await page.goto('/checkout')
  await expect(page).toHaveURL('/cart')
  await page.goto('/en/checkout')
  await expect(page).toHaveURL('/en/cart')
})

test('/checkout is reached from the cart, in its own layout', async ({ page, baseURL }) => {
  await page.goto('/en/cart')
  // Coming from the cart (the Referer of a full page load): the guard lets it through.
  await page.goto('/en/checkout', { referer: new URL('/en/cart', baseURL).href })
  await expect(page).toHaveURL('/en/checkout')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to cart' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0)
})

test('a cross-site POST to a server function is refused with 403', async ({ request }) => {
  const response = await request.post('/_serverFn/anything', {
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example', 'Content-Type': 'application/json' },
    data: {},
  })
  expect(response.status()).toBe(403)
  const noOrigin = await request.post('/_serverFn/anything', {
    headers: { 'Content-Type': 'application/json' },
    data: {},
  })
  expect(noOrigin.status()).toBe(403)
})

test('every page carries the security headers and a fresh CSP nonce', async ({ request }) => {
  const first = await request.get('/en')
  const second = await request.get('/en')
  const csp = first.headers()['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/_=-]{16,}'/)
  expect(csp).toContain("frame-ancestors 'self'")
  expect(second.headers()['content-security-policy']).not.toBe(csp)
  expect(first.headers()['x-content-type-options']).toBe('nosniff')
  expect(first.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(first.headers()['x-powered-by']).toBeUndefined()
})

test('the build writes build-metadata.json with a build id', async ({ request }) => {
  const response = await request.get(`/build-metadata.json?t=${Date.now()}`)
  expect(response.ok()).toBe(true)
  const body: unknown = await response.json()
  expect(body).toMatchObject({ buildId: expect.stringMatching(/.+/) })
  const latest = await request.get('/_build/latest.json')
  expect(await latest.json()).toMatchObject({ id: (body as { buildId: string }).buildId })
})

test('the build these tests run on holds no devtools, and a page shows none (decision 035)', async ({ page }) => {
  const findings = devtoolsInBuild()
  expect(findings, devtoolsMessage(findings)).toEqual([])
  await gotoHydrated(page, '/en')
  await expect(page.getByRole('button', { name: /TanStack Router Devtools/i })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Tanstack query devtools/i })).toHaveCount(0)
})

test('the A/B flag is chosen once per visitor and kept', async ({ page, context }) => {
  await page.goto('/en')
  const first = (await context.cookies()).find((c) => c.name === 'ab_variant')?.value
  expect(['A', 'B']).toContain(first)
  await page.goto('/en/about-us')
  expect((await context.cookies()).find((c) => c.name === 'ab_variant')?.value).toBe(first)
})

test('the shopper can change region and currency', async ({ page }) => {
  await page.goto('/en/about-us')
  await expect(page.getByText('฿ THB')).toBeVisible()
  await page.getByRole('link', { name: 'Shop internationally in US dollars' }).click()
  await expect(page).toHaveURL('/en/about-us')
  await expect(page.getByText('$ USD')).toBeVisible()
})

test('a CDN country header decides the currency', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'SG' } })
  const page = await context.newPage()
  await page.goto('/en')
  await expect(page.getByText('$ USD')).toBeVisible()
  await context.close()
})

test('the menu opens, works by keyboard and closes with Escape @mobile', async ({ page }) => {
  await gotoHydrated(page, '/en')
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  for (const name of [
    'Home',
    'Collections',
    'Men',
    'Women',
    'Special price',
    'Editorials',
    'Stores',
    'Info',
    'About us',
    'Careers',
    'Supplier applications',
    'My account',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await menu.getByText('Products', { exact: true }).click()
  for (const name of [
    'Tops',
    'Shorts',
    'Skirts',
    'Trousers',
    'Sets',
    'Dresses',
    'Jumpsuits',
    'Outerwear',
    'Knitwear',
    'Tote bags',
    'Shoes',
    'Accessories',
    'Jewelry',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Dresses', exact: true }).click()
  await expect(page).toHaveURL('/en/category/dresses')
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
})
