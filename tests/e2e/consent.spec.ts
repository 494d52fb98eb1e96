import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'

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
    // §9's JSON of the choice, with the anonymous id the server's consent record is kept under (decision 201).
    const prefs: unknown = JSON.parse(
      decodeURIComponent(cookies.find((cookie) => cookie.name === 'cookie_consent_prefs')?.value ?? '{}'),
    )
    expect(prefs).toEqual({
      accepted: true,
      ga: true,
      ad: true,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    })
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

async function pickupOrder(page: Page, request: APIRequestContext, email: string) {
  const product = (await (await request.get('/api/public/demo/products/linen-wrap-dress-1001')).json()) as {
    variants: Array<{ size: string; available_online: boolean; low_stock: boolean }>
  }
  const size = product.variants.find((v) => v.available_online && !v.low_stock)?.size ?? ''
  await page.goto(`/en/product/linen-wrap-dress-1001?size=${size}`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByRole('link', { name: 'View cart' }).click()
  await page.getByRole('button', { name: 'Check out' }).click()
  await page.getByRole('dialog', { name: 'Please log in' }).getByRole('button', { name: 'Continue as guest' }).click()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'Telephone' }).fill('081 234 5678')
  await page.getByRole('radio', { name: 'Pick up at a store' }).check()
  await page.getByRole('combobox', { name: /Branch/ }).selectOption({ index: 1 })
  await page.getByRole('radio', { name: 'Bank transfer or PromptPay' }).check()
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/order\/AS\d{4}-\d{5}$/)
  return /AS\d{4}-\d{5}/.exec(page.url())?.[0] ?? ''
}

const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }

test.describe('server-side pixels', () => {
  test('a purchase with advertising allowed queues one Meta and one TikTok event, hashed', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      storageState: {
        cookies: [
          {
            name: 'cookie_consent',
            value: 'true',
            domain: '127.0.0.1',
            path: '/',
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: 'Lax',
          },
          {
            name: 'cookie_consent_prefs',
            value: encodeURIComponent(JSON.stringify({ accepted: true, ga: true, ad: true })),
            domain: '127.0.0.1',
            path: '/',
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: 'Lax',
          },
        ],
        origins: [],
      },
    })
    const page = await context.newPage()
    await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, body: '' }))
    const number = await pickupOrder(page, request, 'Pixel.Buyer@Example.com ')
    const queue = (await (
      await request.get(`/api/public/demo/operator/pixel-events?event_id=${number}`, { headers: OPERATOR })
    ).json()) as {
      items: Array<{ platform: string; event_name: string; payload: Record<string, unknown> }>
    }
    expect(queue.items.map((item) => item.platform).sort()).toEqual(['meta', 'tiktok'])
    const stored = JSON.stringify(queue.items)
    expect(stored).not.toContain('pixel.buyer@example.com')
    expect(stored).not.toContain('812345678')
    // Meta's rule: trimmed, lower-case e-mail, then SHA-256; phone as digits with the country code.
    const { createHash } = await import('node:crypto')
    const sha = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(stored).toContain(sha('pixel.buyer@example.com'))
    expect(stored).toContain(sha('66812345678'))
    expect(stored).toContain(sha('+66812345678'))
    await context.close()
  })

  test('no pixel event when advertising is denied', async ({ page, request }) => {
    const number = await pickupOrder(page, request, 'denied.buyer@example.com')
    const queue = (await (
      await request.get(`/api/public/demo/operator/pixel-events?event_id=${number}`, { headers: OPERATOR })
    ).json()) as {
      items: unknown[]
    }
    expect(queue.items).toEqual([])
  })
})
