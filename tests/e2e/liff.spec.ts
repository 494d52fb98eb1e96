import { type Page, type Request } from '@playwright/test'
import { expect, test } from './test'

const PRODUCT = '/en/product/linen-wrap-dress-1001'
const LINE_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.2.0 LIFF'

/** The requests of the LIFF layer: its chunks, and whatever LINE's SDK asks of LINE's servers. */
function liffRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request: Request) => {
    const url = request.url()
    if (/\/assets\/(liff|Liff|LineShare)/.test(url) || /line(-scdn)?\.(me|net)/.test(url)) seen.push(url)
  })
  return seen
}

test('outside LINE no page fetches the LIFF layer or LINE’s SDK', async ({ page }) => {
  const seen = liffRequests(page)
  for (const path of ['/', '/en/product', PRODUCT, '/en/cart', '/en/search?q=linen']) {
    await page.goto(path)
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  }
  await page.waitForLoadState('networkidle')
  expect(seen).toEqual([])
  await expect(page.getByRole('button', { name: 'Share with friends on LINE' })).toHaveCount(0)
})

test.describe('inside LINE, with LINE unreachable', () => {
  test.use({ userAgent: LINE_IOS })

  test('the SDK starts only there, its failure shows a retry, and the shop keeps working', async ({ page }) => {
    test.setTimeout(90_000)
    // Nothing leaves this machine: LINE's servers are unreachable, as on a bad connection.
    await page.context().route(/^https:\/\/[^/]*line/, (route) => route.abort('internetdisconnected'))
    const seen = liffRequests(page)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    await page.goto(PRODUCT)
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await expect.poll(() => seen.some((url) => url.includes('/assets/liff-runtime'))).toBe(true)

    // LIFF cannot start: after its time limit the §8 message and its recovery, never a broken page.
    const alert = page.getByRole('alert').filter({ hasText: 'LINE took too long to answer. Please try again.' })
    await expect(alert).toBeVisible({ timeout: 40_000 })
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Share with friends on LINE' })).toHaveCount(0)
    expect(errors).toEqual([])

    // The shopper dismisses it and shops on as a guest.
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await expect(alert).toHaveCount(0)
    await page.getByRole('radio', { disabled: false }).first().check()
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible()
  })
})
