import { readFile } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN_API, newStaff, signInByApi } from './staff'
import { paidOrder } from './support/paid-order'
import { expect, test } from './test'

/**
 * Import and export in the browser (issue 32 item 7), in Thai and in English: marketing downloads the prices as CSV,
 * changes one price in the file, checks it (a dry run: one row to change, nothing changed yet), applies it, and the
 * shop's product page shows the new price on its next answer. On a phone: a file with a bad row shows the row, its
 * column and what is wrong, and Apply stays off. The row checks, the 1,000-row file, the round trips and the
 * permissions are proven in tests/integration/admin-csv.test.ts.
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

type Priced = { id: string; family_id: string; tags: string[]; compare_at_thb: number | null; price_thb: number }

/** A colour of a page of the price list, untagged and not on sale (its price shows alone on its page). */
async function plainColour(request: APIRequestContext, page: number): Promise<Priced> {
  const response = await request.get(`${ADMIN_API}/prices/products?page=${page}`)
  expect(response.status(), await response.text()).toBe(200)
  const { items } = (await response.json()) as { items: Priced[] }
  const found = items.find((item) => item.tags.length === 0 && item.compare_at_thb === null)
  if (!found) throw new Error(`no plain colour on page ${page}`)
  return found
}

const JOURNEYS = [
  {
    language: 'en' as const,
    page: 3,
    screen: '/en/admin/import-export',
    product: (id: string) => `/en/product/${id}`,
    labels: {
      heading: 'Import and export',
      what: 'What',
      prices: 'Prices',
      download: 'Download Prices CSV',
      file: /CSV file/,
      check: 'Check the file (dry run)',
      dryRun: 'Dry run: nothing has changed yet',
      toChange: 'To change',
      apply: 'Apply',
      applied: 'Applied',
    },
  },
  {
    language: 'th' as const,
    page: 4,
    screen: '/admin/import-export',
    product: (id: string) => `/product/${id}`,
    labels: {
      heading: 'นำเข้าและส่งออก',
      what: 'ประเภทข้อมูล',
      prices: 'ราคา',
      download: 'ดาวน์โหลด CSV ราคา',
      file: /ไฟล์ CSV/,
      check: 'ตรวจสอบไฟล์ (ทดลองก่อน)',
      dryRun: 'ผลการตรวจสอบ: ยังไม่มีการเปลี่ยนแปลงใด',
      toChange: 'จะแก้ไข',
      apply: 'ยืนยันนำเข้า',
      applied: 'นำเข้าแล้ว',
    },
  },
]

for (const journey of JOURNEYS) {
  test(`marketing exports the prices, changes one in the file and imports it (${journey.language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const staff = await newStaff(page.request, 'marketing', { language: journey.language })
    await signInByApi(page.request, staff)
    const colour = await plainColour(page.request, journey.page)
    const { labels } = journey

    await page.goto(journey.screen)
    await expect(page.getByRole('heading', { level: 1, name: labels.heading })).toBeVisible()
    await page.getByLabel(labels.what).selectOption({ label: labels.prices })
    await expectNoViolations(page, journey.screen)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: labels.download }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^prices-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await readFile(await download.path())).toString('utf8')
    expect(text.startsWith('\ufeffproduct_id,')).toBe(true)

    // One price changed in the file: a new whole number of baht for this colour.
    const baht = Math.round(colour.price_thb / 100) + 7
    const rows = parse(text, { bom: true }) as string[][]
    const header = rows[0] ?? []
    const row = rows.find((cells) => cells[0] === colour.id)
    if (!row) throw new Error(`${colour.id} is not in the file`)
    row[header.indexOf('price_thb')] = `${baht}.00`
    await page.getByLabel(labels.file).setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\ufeff${stringify(rows, { record_delimiter: 'windows' })}`, 'utf8'),
    })
    await page.getByRole('button', { name: labels.check }).click()
    const status = page.getByRole('status').filter({ hasText: labels.dryRun })
    await expect(status).toBeVisible()
    await expect(status.getByRole('definition').nth(2)).toHaveText('1')
    await expect(page.getByRole('button', { name: labels.apply, exact: true })).toBeEnabled()
    await expectNoViolations(page, `${journey.screen} after a dry run`)
    await page.getByRole('button', { name: labels.apply, exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: labels.applied })).toBeVisible()

    await page.goto(journey.product(colour.id))
    await expect(page.locator('main .price').first()).toContainText(baht.toLocaleString('en'))
  })
}

test('on a phone, a file with a bad row shows the row and keeps Apply off @mobile', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 412, height: 915 })
  const staff = await newStaff(page.request, 'marketing', { language: 'th' })
  await signInByApi(page.request, staff)
  const colour = await plainColour(page.request, 5)
  await page.goto('/admin/import-export')
  await page.getByLabel('ประเภทข้อมูล').selectOption({ label: 'ราคา' })
  await page.getByLabel(/ไฟล์ CSV/).setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `product_id,price_thb,price_usd,compare_at_thb,compare_at_usd\r\n${colour.id},990.00,30.00,990.00,\r\n`,
      'utf8',
    ),
  })
  await page.getByRole('button', { name: 'ตรวจสอบไฟล์ (ทดลองก่อน)' }).click()
  const table = page.getByRole('table', { name: /แถวที่ไม่ถูกต้อง/ })
  await expect(table).toBeVisible()
  await expect(table.getByRole('row').nth(1)).toContainText('compare_at_thb')
  await expect(table.getByRole('row').nth(1)).toContainText('ราคาเดิมต้องสูงกว่าราคาขาย')
  await expect(page.getByRole('button', { name: 'ยืนยันนำเข้า', exact: true })).toBeDisabled()
  await expectNoViolations(page, '/admin/import-export with a bad row, on a phone')
})

/** A GTIN-13 with its right check digit, from 12 digits. */
function gtin(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return `${body}${(10 - (sum % 10)) % 10}`
}

test('an import of 1,000 products with 20 bad rows shows exactly those rows, keeps Apply off and changes nothing', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const staff = await newStaff(page.request, 'marketing', { language: 'en' })
  await signInByApi(page.request, staff)
  // 250 new models of one colour in four sizes; 20 rows spoiled one way each (check digit, category, price, tag).
  const tag = Date.now().toString(36)
  const bad = Array.from({ length: 20 }, (_, n) => n * 47 + 3)
  const sizes = ['S', 'M', 'L', 'XL'] as const
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const model = Math.floor(i / 4)
    const size = sizes[i % 4] ?? 'S'
    const row = [
      `csv-journey-${tag}-${model}`,
      '',
      'sand',
      'ทราย',
      'Sand',
      '#D8C7A3',
      size,
      `CSVJ-${tag.toUpperCase()}-${model}-${size}`,
      gtin(`886${String(100000000 + i)}`),
      `เดรสนำเข้า ${model}`,
      `Imported Dress ${model}`,
      'dresses',
      'women',
      'new',
      'published',
      '1290.00',
      '39.00',
    ]
    if (bad.includes(i)) {
      if (i % 4 === 0) row[8] = `${row[8]?.slice(0, 12)}${(Number(row[8]?.at(-1)) + 1) % 10}`
      else if (i % 4 === 1) row[11] = 'no-such-category'
      else if (i % 4 === 2) row[15] = '12,90x'
      else row[13] = 'new|bargain'
    }
    return row
  })
  const header =
    'family_id,colour_id,colour_slug,colour_th,colour_en,colour_hex,size,sku,barcode,name_th,name_en,category,gender,tags,status,price_thb,price_usd'
  const file = `${header}\r\n${stringify(rows, { record_delimiter: 'windows' })}`

  await page.goto('/en/admin/import-export')
  await page.getByLabel('What').selectOption({ label: 'Products' })
  await page
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click()
  const status = page.getByRole('status').filter({ hasText: 'Dry run: nothing has changed yet' })
  await expect(status).toBeVisible({ timeout: 30_000 })
  const figure = (name: string) =>
    status.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd[1]')
  await expect(figure('Rows with errors')).toHaveText('20')
  await expect(figure('To create')).toHaveText('980')
  const table = page.getByRole('table', { name: /Bad rows/ })
  // The header is row 1: the file's n-th data row (from 0) is row n + 2; one bad cell each.
  await expect(table.locator('tbody tr td:first-child')).toHaveText(bad.map((index) => String(index + 2)))
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled()
  await expectNoViolations(page, '/en/admin/import-export with 20 bad rows')
  // Nothing was written: not one of the file's models is in the shop or the back office.
  expect((await page.request.get(`/en/product/csv-journey-${tag}-1`)).status()).toBe(404)
  expect((await page.request.get(`${ADMIN_API}/products/csv-journey-${tag}-1`)).status()).toBe(404)
})

test('a manager exports only the paid orders of a day range, chosen on the screen', async ({ page }) => {
  test.setTimeout(60_000)
  const staff = await newStaff(page.request, 'manager', { language: 'en' })
  await signInByApi(page.request, staff)
  const mine = await paidOrder(page.request, 'csv-export')
  await page.goto('/en/admin/import-export')
  await page.getByLabel('What').selectOption({ label: 'Orders' })
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' })
  // A range the wrong way round is refused on the screen: the download waits for a right one.
  await page.getByLabel('Placed from').fill(today)
  await page.getByLabel('Placed until').fill('2020-01-01')
  await expect(page.getByRole('alert')).toHaveText('The last day is before the first.')
  await expect(page.getByRole('button', { name: 'Download Orders CSV' })).toBeDisabled()
  await page.getByLabel('Placed from').fill('2020-01-01')
  await page.getByLabel('Placed until').fill(today)
  await page.getByLabel('Status').selectOption('paid')
  await expectNoViolations(page, 'the orders export with its filters')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Orders CSV' }).click()
  const download = await downloading
  const rows = parse((await readFile(await download.path())).toString('utf8'), { bom: true }) as string[][]
  const header = rows[0] ?? []
  expect(header).toContain('status')
  const status = header.indexOf('status')
  // Every row is a paid order, ours among them.
  // (The other journeys, running beside this one, may pay or pack an order in between: counted before and after.)
  const paidNow = async () => {
    const all = await page.request.get(`${ADMIN_API}/orders?status=paid&page_size=1`)
    expect(all.status()).toBe(200)
    return ((await all.json()) as { total: number }).total
  }
  const statuses = new Set(rows.slice(1).map((row) => row[status]))
  expect(rows.map((row) => row[0])).toContain(mine)
  expect([...statuses]).toEqual(['paid'])
  expect(rows.length - 1).toBeLessThanOrEqual((await paidNow()) + 5)
})
