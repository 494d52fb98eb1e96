import { AxeBuilder } from '@axe-core/playwright'
import { devices, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN_API, newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * Prices in the browser (issue 32 item 4), in Thai and in English: marketing plans a sale starting a few seconds ahead
 * on the sales screen (a filter, a percentage off, the preview), then sees it switch on by itself on the shop's
 * product page (the regular price struck through) and end (the regular price alone again). The server's worker ticks
 * every second here (playwright.config.ts). Validation, the switch's once-only claim, overlaps and bulk changes are
 * proven in tests/integration/admin-prices.test.ts.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(lines, `axe violations on ${where}:\n${lines.join('\n')}`).toEqual([])
}

type Priced = {
  id: string
  family_id: string
  colour: { th: string; en: string }
  tags: string[]
  compare_at_thb: number | null
  price_thb: number
}

/** A colour of its own model (not its first colour: the filter by id then takes it alone), untagged, not on sale. */
async function plainColour(request: APIRequestContext, page: number): Promise<Priced> {
  const response = await request.get(`${ADMIN_API}/prices/products?page=${page}`)
  expect(response.status(), await response.text()).toBe(200)
  const { items } = (await response.json()) as { items: Priced[] }
  const found = items.find(
    (item) => item.id !== item.family_id && item.tags.length === 0 && item.compare_at_thb === null,
  )
  if (!found) throw new Error(`no plain colour on page ${page}`)
  return found
}

/** A moment as `<input type="datetime-local" step="1">` takes it, in Bangkok time. */
function bangkok(at: Date): string {
  return new Date(at.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 19)
}

const JOURNEYS = [
  {
    language: 'en' as const,
    page: 6,
    sales: '/en/admin/prices/sales',
    product: (id: string) => `/en/product/${id}`,
    labels: {
      heading: 'Sales',
      nav: 'Prices',
      name: 'Name (such as 11.11)',
      starts: 'Starts (Bangkok time)',
      ends: 'Ends (Bangkok time)',
      filter: 'Name or product id',
      preview: 'Preview the sale',
      plan: 'Plan the sale',
      planned: /is planned: it switches on and off by itself/,
      caption: /products: their prices now and on sale/,
    },
  },
  {
    language: 'th' as const,
    page: 9,
    sales: '/admin/prices/sales',
    product: (id: string) => `/product/${id}`,
    labels: {
      heading: 'การลดราคา',
      nav: 'ราคา',
      name: 'ชื่อ (เช่น 11.11)',
      starts: 'เริ่ม (เวลากรุงเทพฯ)',
      ends: 'สิ้นสุด (เวลากรุงเทพฯ)',
      filter: 'ชื่อหรือรหัสสินค้า',
      preview: 'ดูตัวอย่างการลดราคา',
      plan: 'บันทึกการลดราคา',
      planned: /จะเริ่มและสิ้นสุดเอง/,
      caption: /ราคาปัจจุบันและราคาลด/,
    },
  },
]

for (const journey of JOURNEYS) {
  test(`marketing plans a sale that switches on and off by itself (${journey.language})`, async ({ page }) => {
    test.setTimeout(120_000)
    const staff = await newStaff(page.request, 'marketing', { language: journey.language })
    await signInByApi(page.request, staff)
    const colour = await plainColour(page.request, journey.page)
    const { labels } = journey

    await page.goto(journey.sales)
    await expect(page.getByRole('heading', { level: 1, name: labels.heading })).toBeVisible()
    await expect(page.getByRole('navigation').getByRole('link', { name: labels.nav, exact: true })).toBeVisible()
    const name = `E2E ${journey.language} ${Date.now()}`
    const start = new Date(Date.now() + 30_000)
    await page.getByLabel(labels.name).fill(name)
    await page.getByLabel(labels.starts).fill(bangkok(start))
    await page.getByLabel(labels.ends).fill(bangkok(new Date(start.getTime() + 15_000)))
    await page.getByLabel(labels.filter).fill(colour.id)
    await page.getByRole('button', { name: labels.preview }).click()
    const preview = page.getByRole('table', { name: labels.caption })
    await expect(preview).toBeVisible()
    await expect(preview.getByRole('row')).toHaveCount(2)
    await expectNoViolations(page, `${journey.sales} with a preview`)
    await page.getByRole('button', { name: labels.plan }).click()
    await expect(page.getByRole('status').filter({ hasText: labels.planned })).toBeVisible()
    await expect(page.locator(`tr[data-sale="${name}"]`)).toBeVisible()
    await expectNoViolations(page, `${journey.sales} with the sale planned`)

    // The shop's product page: the regular price alone, then (by itself) the sale with the regular price struck
    // through, then the regular price alone again.
    await page.goto(journey.product(colour.id))
    const price = page.locator('main .price').first()
    await expect(price).toBeVisible()
    await expect(price.locator('del')).toHaveCount(0)
    const regular = (await price.textContent())?.trim() ?? ''
    await expect(async () => {
      await page.reload()
      await expect(price.locator('del')).toContainText(regular, { timeout: 1_000 })
    }).toPass({ timeout: 40_000, intervals: [1_000] })
    await expect(price.locator('ins')).toBeVisible()
    await expect(async () => {
      await page.reload()
      await expect(price.locator('del')).toHaveCount(0, { timeout: 1_000 })
    }).toPass({ timeout: 40_000, intervals: [1_000] })
    await expect(price).toHaveText(regular)
  })
}

test('marketing changes a planned sale before it starts: its prices and its end', async ({ page }) => {
  test.setTimeout(60_000)
  const staff = await newStaff(page.request, 'marketing', { language: 'en' })
  await signInByApi(page.request, staff)
  const colour = await plainColour(page.request, 7)
  const name = `E2E change ${Date.now()}`
  const start = new Date(Date.now() + 24 * 3600_000)
  await page.goto('/en/admin/prices/sales')
  await page.getByLabel('Name (such as 11.11)').fill(name)
  await page.getByLabel('Starts (Bangkok time)').fill(bangkok(start))
  await page.getByLabel('Ends (Bangkok time)').fill(bangkok(new Date(start.getTime() + 3600_000)))
  await page.getByLabel('Name or product id').fill(colour.id)
  await page.getByRole('button', { name: 'Preview the sale' }).click()
  await page.getByRole('button', { name: 'Plan the sale' }).click()
  const row = page.locator(`tr[data-sale="${name}"]`)
  await expect(row).toBeVisible()

  await row.getByRole('button', { name: `Change ${name}` }).click()
  const heading = page.getByRole('heading', { level: 2, name: `Change the sale ${name}` })
  await expect(heading).toBeFocused()
  const baht = page.getByRole('textbox', { name: /^Sale price in baht of / })
  await expect(baht).toHaveCount(1)
  const sale = Math.floor(colour.price_thb / 200)
  await baht.fill(String(sale))
  await page.getByLabel('Ends (Bangkok time)').fill(bangkok(new Date(start.getTime() + 7200_000)))
  await expectNoViolations(page, '/en/admin/prices/sales changing a sale')
  await page.getByRole('button', { name: 'Save the sale' }).click()
  await expect(page.getByRole('status').filter({ hasText: `The sale ${name} is changed.` })).toBeVisible()
  await expect(heading).toHaveCount(0)

  // The admin API has the sale as changed: the new price, the new end.
  const listed = await page.request.get(`${ADMIN_API}/price-schedules`)
  const { items } = (await listed.json()) as { items: Array<{ id: string; name: string }> }
  const id = items.find((item) => item.name === name)?.id
  const stored = (await (await page.request.get(`${ADMIN_API}/price-schedules/${id}`)).json()) as {
    ends_at: string
    lines: Array<{ sale_thb: number }>
  }
  expect(stored.lines.map((line) => line.sale_thb)).toEqual([sale * 100])
  expect(Date.parse(stored.ends_at)).toBe(Math.floor(start.getTime() / 1000) * 1000 + 7200_000)
})

test.describe('on a phone', () => {
  const pixel = devices['Pixel 7']
  test.use({
    viewport: pixel.viewport,
    userAgent: pixel.userAgent,
    deviceScaleFactor: pixel.deviceScaleFactor,
    isMobile: pixel.isMobile,
    hasTouch: pixel.hasTouch,
  })

  test('marketing finds Prices in the menu, is told what is wrong with a price, then saves one', async ({ page }) => {
    test.setTimeout(60_000)
    const staff = await newStaff(page.request, 'marketing', { language: 'en' })
    await signInByApi(page.request, staff)
    const colour = await plainColour(page.request, 12)

    await page.goto('/en/admin')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Prices' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible()
    await page.getByLabel('Name or product id').fill(colour.id)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${colour.id}`))
    await expect(page.getByRole('table', { name: /products/ }).getByRole('row')).toHaveCount(2)
    await expectNoViolations(page, '/en/admin/prices on a phone')
    await page.getByRole('table').getByRole('link').first().click()

    const form = page
      .locator('form.admin-prices__colour')
      .filter({ has: page.getByRole('heading', { name: colour.colour.en, exact: true }) })
    await expect(form).toBeVisible()
    await form.getByLabel('Price (THB)').fill('12.345')
    await form.getByRole('button', { name: 'Save prices' }).click()
    await expect(form.getByText('Enter an amount such as 1290 or 1290.50')).toBeVisible()
    await expect(form.getByLabel('Price (THB)')).toHaveAttribute('aria-invalid', 'true')
    // The old price below the price: the API's refusal, shown by its field.
    await form.getByLabel('Price (THB)').fill('1590')
    await form.getByLabel('Old price, struck through (THB)').fill('990')
    await form.getByRole('button', { name: 'Save prices' }).click()
    await expect(form.getByText('the old price must be above the price, or empty')).toBeVisible()
    await expectNoViolations(page, 'a model’s prices with a refusal, on a phone')
    await form.getByLabel('Old price, struck through (THB)').fill('')
    await form.getByRole('button', { name: 'Save prices' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved: the shop shows the new prices now.' }),
    ).toBeVisible()
    const saved = (await (await page.request.get(`${ADMIN_API}/products/${colour.id}/prices`)).json()) as {
      colours: Priced[]
    }
    expect(saved.colours.find((one) => one.id === colour.id)?.price_thb).toBe(159_000)
  })
})
