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

/** Issue 29, item 17: what was asked for first, then a divider before the weaker matches, in Thai and English. */
for (const { lang, path, q, divider, close } of [
  { lang: 'th', path: '/search', q: 'เดรสสีดำ', divider: 'ตรงกับคำค้นหาบางส่วน', close: /เดรส/ },
  { lang: 'en', path: '/en/search', q: 'black dress', divider: 'Partly matching your search', close: /Dress/ },
]) {
  test(`the search page shows a divider before the weaker matches (${lang})`, async ({ page }) => {
    await page.goto(`${path}?q=${encodeURIComponent(q)}`)
    const results = page.getByRole('region', { name: lang === 'th' ? 'ผลการค้นหา' : 'Results' })
    const heading = results.getByRole('heading', { name: divider })
    await expect(heading).toBeVisible()
    // Close matches come first, all of them dresses; the divider's own list follows it.
    const closeCards = results.locator('.search-results__close .product-card__name')
    expect(await closeCards.count()).toBeGreaterThan(0)
    for (const name of await closeCards.allTextContents()) expect(name).toMatch(close)
    const weakCards = results.locator('.search-results__weak .product-card')
    await expect(weakCards.first()).toBeVisible()
    const order = await results.evaluate((section) =>
      [...section.querySelectorAll('.search-results__close, h2.search-results__divider, .search-results__weak')].map(
        (element) => element.className,
      ),
    )
    expect(order).toEqual(['search-results__close', 'search-results__divider', 'search-results__weak'])
  })
}
