import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/** Decision 018: search as Thai shoppers type, did you mean, alternatives, and priced suggestions. */

test('no-space Thai with a colour finds black dresses first', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('เดรสสีดำ')}`)
  const first = page.locator('.product-card').first()
  await expect(first.locator('.product-card__name')).toContainText('เดรส')
  await expect(page.getByText('NO PRODUCT FOUND')).toHaveCount(0)
})

test('a misspelt query offers the corrected one as a link', async ({ page }) => {
  await gotoHydrated(page, '/en/search?q=sneekers')
  const suggestion = page.getByRole('link', { name: 'sneakers', exact: true })
  await expect(page.getByText('Did you mean')).toBeVisible()
  await suggestion.click()
  await expect(page).toHaveURL('/en/search?q=sneakers')
  await expect(page.locator('.product-card__name').first()).toContainText('Sneakers')
})

test('no results offer categories and new arrivals, in Thai', async ({ page }) => {
  await page.goto('/search?q=zzqqxxjj')
  await expect(page.locator('.empty-state')).toBeVisible()
  const alternatives = page.locator('.search-alternatives')
  await expect(alternatives.getByRole('heading', { name: 'เลือกดูหมวดอื่นแทน' })).toBeVisible()
  await expect(alternatives.getByRole('link', { name: 'เดรส', exact: true })).toBeVisible()
  await expect(alternatives.locator('.product-card').first()).toBeVisible()
})

test('suggestions show a thumbnail and a price, and open with the keyboard', async ({ page }) => {
  await gotoHydrated(page, '/en/search')
  const box = page.getByRole('combobox', { name: 'Search products' })
  await box.fill('ชุดเดรส')
  const options = page.getByRole('option')
  await expect(options.first()).toContainText('Dresses')
  const product = options.filter({ hasText: 'Product' }).first()
  await expect(product.locator('.search-box__thumb img')).toBeVisible()
  await expect(product.locator('.search-box__price')).toHaveText(/[฿$]/)
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/)
  await box.press('Enter')
  await expect(page).toHaveURL('/en/category/dresses')
})
