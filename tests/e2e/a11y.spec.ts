import { AxeBuilder } from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/**
 * axe-core on the pages of the quality budget (issue 8): WCAG 2.0/2.1 A and AA plus axe's best practices,
 * in Thai (unprefixed paths) and English (/en/…), with no violation allowed.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const PRODUCT = 'linen-wrap-dress-1001'
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/category/dresses' },
  { name: 'product', path: `/product/${PRODUCT}` },
  { name: 'cart', path: '/cart' },
]
const LANGUAGES = [
  { lang: 'th', prefix: '', sizeGuide: 'คู่มือไซซ์', sizeChart: 'ตารางไซซ์', addToCart: 'เพิ่มลงตะกร้า' },
  { lang: 'en', prefix: '/en', sizeGuide: 'Size guide', sizeChart: 'Size chart', addToCart: 'Add to cart' },
] as const

/** Runs axe on the page as it is now and fails with one line per violation: id, impact, help, targets. */
async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(lines, `axe violations on ${where}:\n${lines.join('\n')}`).toEqual([])
}

const localPath = (prefix: string, path: string) => (prefix && path === '/' ? prefix : prefix + path)

for (const language of LANGUAGES) {
  test.describe(`axe in ${language.lang}`, () => {
    for (const { name, path } of PAGES) {
      test(`${name} has no violations @mobile`, async ({ page }) => {
        const url = localPath(language.prefix, path)
        await gotoHydrated(page, url)
        await expectNoViolations(page, url)
      })
    }

    test('product with the size chart open has no violations', async ({ page }) => {
      const url = localPath(language.prefix, `/product/${PRODUCT}`)
      await gotoHydrated(page, url)
      await page.getByRole('button', { name: language.sizeGuide }).click()
      await expect(page.getByRole('dialog', { name: language.sizeChart })).toBeVisible()
      await expectNoViolations(page, `${url} with the size chart open`)
    })

    test('cart with one item has no violations @mobile', async ({ page }) => {
      await gotoHydrated(page, localPath(language.prefix, `/product/${PRODUCT}`))
      await page.locator('.size-picker input[type="radio"]:enabled').first().check()
      await page.getByRole('button', { name: language.addToCart, exact: true }).click()
      await expect(page.getByRole('status').filter({ has: page.getByRole('link') })).toBeVisible()
      const url = localPath(language.prefix, '/cart')
      await gotoHydrated(page, url)
      await expect(
        page
          .locator('main')
          .getByRole('link', { name: /Linen|ลินิน/ })
          .first(),
      ).toBeVisible()
      await expectNoViolations(page, `${url} with one item`)
    })
  })
}

test.describe('cookie banner', () => {
  // A first visit: no answer to the banner yet.
  test.use({ storageState: { cookies: [], origins: [] } })

  for (const language of LANGUAGES) {
    test(`the banner has no violations in ${language.lang} @mobile`, async ({ page }) => {
      const url = localPath(language.prefix, '/')
      await gotoHydrated(page, url)
      await expect(page.locator('.consent-banner')).toBeVisible()
      await expectNoViolations(page, `${url} with the cookie banner`)
    })
  }
})
