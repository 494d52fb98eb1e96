import { expect, test, type Page } from '@playwright/test'

/** Counts the requests for the tag manager's container (answered here: the tests have no internet). */
async function countGtm(page: Page) {
  const seen: string[] = []
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    seen.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__gtmLoaded = true' })
  })
  return seen
}

test.describe('cookie consent', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('no tag manager before consent, and the container once the shopper accepts', async ({ page }) => {
    const requests = await countGtm(page)
    await page.goto('/')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    const banner = page.getByRole('region', { name: 'คุกกี้' })
    await expect(banner).toBeVisible()
    await page.waitForTimeout(300)
    expect(requests).toEqual([])
    const consentDefaults = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === 'consent'),
    )
    expect(consentDefaults[0]).toEqual([
      'consent',
      'default',
      expect.objectContaining({ ad_storage: 'denied', analytics_storage: 'denied' }),
    ])

    await banner.getByRole('button', { name: 'ยอมรับทั้งหมด' }).click()
    await expect(banner).toBeHidden()
    await expect.poll(() => requests.length).toBe(1)
    expect(requests[0]).toContain('id=GTM-E2ETEST')
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'cookie_consent')?.value).toBe('true')
    expect(decodeURIComponent(cookies.find((cookie) => cookie.name === 'cookie_consent_prefs')?.value ?? '')).toBe(
      '{"accepted":true,"ga":true,"ad":true}',
    )
  })

  test('deny keeps the tag manager off after a reload, and the choice can be changed from the footer', async ({
    page,
  }) => {
    const requests = await countGtm(page)
    await page.goto('/en')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Deny' }).click()
    await page.reload()
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0)
    await page.waitForTimeout(300)
    expect(requests).toEqual([])

    await page.getByRole('button', { name: 'Cookie settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Manage cookies' })
    await expect(dialog.getByRole('checkbox', { name: 'Strictly necessary (always active)' })).toBeDisabled()
    await dialog.getByRole('checkbox', { name: 'Performance' }).check()
    await dialog.getByRole('button', { name: 'Save my choice' }).click()
    await expect.poll(() => requests.length).toBe(1)
  })
})

test('the dataLayer receives add_to_cart with the price and the A/B flag', async ({ page, request }) => {
  const product = (await (await request.get('/api/public/demo/products/linen-wrap-dress-1001')).json()) as {
    price: { amount: number }
    variants: Array<{ size: string; available_online: boolean; low_stock: boolean }>
  }
  const size = product.variants.find((v) => v.available_online && !v.low_stock)?.size ?? ''
  await page.goto(`/en/product/linen-wrap-dress-1001?size=${size}`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible()
  const events = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((entry) => !Array.isArray(entry) && 'event' in entry),
  )
  const added = events.find((entry) => (entry as { event?: string }).event === 'add_to_cart') as
    | { ab_variant: string; ecommerce: { value: number; currency: string; items: Array<{ item_variant: string }> } }
    | undefined
  expect(added?.ecommerce.value).toBe(product.price.amount / 100)
  expect(added?.ecommerce.currency).toBe('THB')
  expect(added?.ecommerce.items[0]?.item_variant).toBe(size)
  expect(['A', 'B']).toContain(added?.ab_variant)
  expect(events.some((entry) => (entry as { event?: string }).event === 'view_item')).toBe(true)
})
