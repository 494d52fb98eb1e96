import { expect, test } from './test'
import { gotoHydrated } from './hydration'

test('an unknown path is a 404 with PAGE NOT FOUND, then home after 5 s', async ({ page }) => {
  const response = await page.goto('/en/no-such-page-here')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible()
  await expect(page.getByText('Page not found: /no-such-page-here')).toBeVisible()
  await expect(page).toHaveURL(/\/en$/, { timeout: 8_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toHaveCount(0)
})

test('an unknown category is a 404 in Thai', async ({ page }) => {
  const response = await page.goto('/category/no-such-category')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeVisible()
})

test('a fallback content page is titled by the last path segment', async ({ page }) => {
  await page.goto('/en/supplier-applications')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Supplier Applications')
  await expect(page).toHaveTitle(/^Supplier Applications \|/)
})

test('404 pages are not reported as errors, other errors are', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/en/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible()
  expect(errors.filter((text) => text.includes('Unhandled error'))).toEqual([])
})

test("a product API refusal in a loader keeps its 4xx and is said in the shopper's language, also once hydrated", async ({
  page,
}) => {
  // The product API refuses a search for text with a NUL character (400): the page used to answer 500.
  const thai = await gotoHydrated(page, '/search?q=a%00b')
  expect(thai?.status()).toBe(400)
  await expect(page.getByText('400', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'คำขอไม่ถูกต้อง กรุณาตรวจสอบที่อยู่หน้าเว็บหรือตัวกรอง' })).toBeVisible()

  const english = await gotoHydrated(page, '/en/search?q=a%00b')
  expect(english?.status()).toBe(400)
  await expect(page.getByText('400', { exact: true })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 1, name: 'INVALID REQUEST. PLEASE CHECK THE ADDRESS OR THE FILTERS.' }),
  ).toBeVisible()
  await expect(page.getByText('999', { exact: true })).toHaveCount(0)
})
