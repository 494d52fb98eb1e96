import { expect, test } from './test'
import { gotoHydrated } from './hydration'

test('the English page stays English after hydration', async ({ page }) => {
  await gotoHydrated(page, '/en/about-us')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible()
  // A client-side navigation renders with the hydrated app's catalog: still English.
  await page.getByRole('link', { name: 'Privacy policy' }).click()
  await expect(page).toHaveURL('/en/privacy-policy')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Terms of use' })).toBeVisible()
  await expect(page.getByText('ข้อกำหนดการใช้งาน')).toHaveCount(0)
})

test('switching language keeps the page and the query', async ({ page }) => {
  await page.goto('/search?q=dress')
  await expect(page.getByRole('heading', { level: 1, name: 'ค้นหา' })).toBeVisible()
  await page.getByRole('link', { name: 'ภาษาอังกฤษ' }).click()
  await expect(page).toHaveURL('/en/search?q=dress')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
  await page.getByRole('link', { name: 'Thai', exact: true }).click()
  await expect(page).toHaveURL('/search?q=dress')
  await expect(page.locator('html')).toHaveAttribute('lang', 'th')
})

test('the language cookie stays English while the page asks the server for the cart and the session', async ({
  page,
  context,
}) => {
  // The header's account link and cart count are asked for by the browser (server functions, whose URL has no
  // language): their answers must not turn the cookie Thai.
  const asked = page.waitForResponse((response) => response.url().includes('/_serverFn/'))
  await page.goto('/en/product/linen-wrap-dress-1001')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await asked
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
  expect(cookie?.value).toBe('en')
  await page.goto('/')
  await expect(page).toHaveURL('/en')
})

test('the language cookie is set for 365 days and leads the root', async ({ page, context }) => {
  await page.goto('/en/delivery')
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
  expect(cookie?.value).toBe('en')
  expect(cookie?.path).toBe('/')
  expect(cookie?.sameSite).toBe('Lax')
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400
  expect(days).toBeGreaterThan(364)
  expect(days).toBeLessThan(366)
  await page.goto('/')
  await expect(page).toHaveURL('/en')
})

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' })

  test('is sent from the root to /en on a first visit', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL('/en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })

  test('keeps a Thai link Thai', async ({ page }) => {
    await page.goto('/about-us')
    await expect(page).toHaveURL('/about-us')
    await expect(page.locator('html')).toHaveAttribute('lang', 'th')
  })
})
