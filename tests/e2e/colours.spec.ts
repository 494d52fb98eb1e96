import { devices, type APIRequestContext } from '@playwright/test'
import { gotoHydrated } from './hydration'
import { expect, test } from './test'

/** The fixed three-colour family of the demo catalog (DEMO_EXAMPLES.dressWithSizes, decision 019). */
const DRESS = 'linen-wrap-dress-1001'

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']
test.use(pixel7)
// Two servers' worth of work on two cores: give the first page of a cold server time.
test.describe.configure({ timeout: 60_000 })

const LANGS = [
  { lang: 'en', prefix: '/en', colours: 'Colours', colourLabel: /^Colour: / },
  { lang: 'th', prefix: '', colours: 'สีที่มี', colourLabel: /^สี: / },
] as const

/**
 * A size of the dress in stock online in its first colour and its third (the browser tests share one database, and
 * checkout tests buy the dress): the size the switch must keep.
 */
async function sizeInStockInBoth(request: APIRequestContext): Promise<string> {
  type Detail = { variants: Array<{ size: string; available_online: boolean }>; colors: Array<{ product_id: string }> }
  const first = (await (await request.get(`/api/public/demo/products/${DRESS}?lang=en&currency=thb`)).json()) as Detail
  const third = first.colors[2]?.product_id
  if (!third) throw new Error('the dress has no third colour')
  const other = (await (await request.get(`/api/public/demo/products/${third}?lang=en&currency=thb`)).json()) as Detail
  const size = first.variants.find(
    (variant) => variant.available_online && other.variants.some((o) => o.size === variant.size && o.available_online),
  )?.size
  if (!size) throw new Error('no size of the dress in stock in both colours')
  return size
}

for (const { lang, prefix, colours, colourLabel } of LANGS) {
  test(`listing cards show colour swatches that open the family in that colour (${lang})`, async ({ page }) => {
    await gotoHydrated(page, `${prefix}/category/dresses`)
    const card = page
      .locator('.product-card')
      .filter({ has: page.getByRole('list', { name: colours }) })
      .first()
    await expect(card).toBeVisible()
    const swatches = card.getByRole('list', { name: colours }).getByRole('link')
    expect(await swatches.count()).toBeGreaterThan(1)
    const names = await swatches.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''))
    expect(names.every((name) => name.length > 0)).toBe(true)
    if (lang === 'th') expect(names.every((name) => name.startsWith('สี'))).toBe(true)
    await expect(swatches.first()).toHaveAttribute('aria-current', 'true')
    const second = swatches.nth(1)
    const href = (await second.getAttribute('href')) ?? ''
    expect(href).toMatch(new RegExp(`^${prefix}/product/[a-z0-9-]+\\?color=[a-z-]+$`))
    await second.click()
    await expect(page).toHaveURL(href)
    await expect(
      page.getByRole('list', { name: colourLabel }).getByRole('link', { name: names[1] ?? '', exact: true }),
    ).toHaveAttribute('aria-current', 'page')
  })

  test(`switching colour on the product page keeps the size and changes pictures and URL (${lang})`, async ({
    page,
  }) => {
    const size = await sizeInStockInBoth(page.request)
    await gotoHydrated(page, `${prefix}/product/${DRESS}`)
    await page.getByRole('radio', { name: size, exact: true }).click()
    await expect(page).toHaveURL(`${prefix}/product/${DRESS}?size=${size}`)
    const picture = page.locator('.gallery__main img')
    const before = (await picture.getAttribute('src')) ?? ''
    expect(before).toContain(`products/${DRESS}/1.svg`)
    await page.evaluate(() => document.documentElement.setAttribute('data-no-reload', 'yes'))

    const swatches = page.getByRole('list', { name: colourLabel }).getByRole('link')
    await expect(swatches).toHaveCount(3)
    const target = swatches.nth(2)
    const name = (await target.getAttribute('aria-label')) ?? ''
    await target.click()
    await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/product/${DRESS}\\?color=[a-z-]+&size=${size}$`))
    const colour = new URL(page.url()).searchParams.get('color') ?? ''
    // The router marks the link of the page shown.
    await expect(target).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('radio', { name: size, exact: true })).toBeChecked()
    await expect(picture).toHaveAttribute('src', new RegExp(`products/${DRESS}-${colour}/1\\.svg`))
    // The swatch is named "Navy colour" / "สีกรมท่า"; the label names the colour alone.
    await expect(page.getByText(colourLabel)).toContainText(name.replace(/^สี| colour$/, ''))
    // The same document: no reload.
    await expect(page.locator('html[data-no-reload="yes"]')).toHaveCount(1)

    // Back to the first colour: the colour leaves the URL, the size stays.
    await swatches.first().click()
    await expect(page).toHaveURL(`${prefix}/product/${DRESS}?size=${size}`)
  })
}

test('a colour id, an unknown colour or the first colour named lead to the family URL', async ({ page }) => {
  await gotoHydrated(page, `/en/product/${DRESS}`)
  const href =
    (await page
      .getByRole('list', { name: /^Colour: / })
      .getByRole('link')
      .nth(1)
      .getAttribute('href')) ?? ''
  const colour = new URL(href, 'http://x').searchParams.get('color') ?? ''
  expect(colour).not.toBe('')

  const old = await page.request.get(`/en/product/${DRESS}-${colour}?size=M`, { maxRedirects: 0 })
  expect(old.status()).toBe(307)
  expect(old.headers()['location']).toBe(`/en/product/${DRESS}?color=${colour}&size=M`)

  await gotoHydrated(page, `/en/product/${DRESS}?color=purple&size=M`)
  await expect(page).toHaveURL(`/en/product/${DRESS}?size=M`)

  const first =
    (await page
      .getByRole('list', { name: /^Colour: / })
      .getByRole('link')
      .first()
      .getAttribute('aria-label')) ?? ''
  expect(first).not.toBe('')
  const canonical = page.locator('link[rel="canonical"]')
  await expect(canonical).toHaveAttribute('href', new RegExp(`/en/product/${DRESS}\\?size=M$`))
})
