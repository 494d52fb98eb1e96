import { readFile } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * The dashboard and the reports in the browser (issue 33 items 3 and 4, decision 202), in English and in Thai: a
 * manager opens the home screen, sees the sales per period and currency, the funnel (a product the test just viewed
 * through the shop's API is counted today) and a chart drawn by uPlot with its table; opens the reports, shows members
 * by tier and downloads its CSV; and on a phone nothing is wider than the screen. Every figure is proven against SQL in
 * tests/integration/admin-reports.test.ts.
 */

const API = '/api/public/demo'
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

/** Today's product views as the dashboard's funnel says them (the first cell of the "today" row). */
async function viewsToday(page: Page): Promise<number> {
  const cell = page.locator('tr[data-period="today"]:not([data-currency]) td').first()
  return Number((await cell.innerText()).replace(/\D/g, ''))
}

const LANGUAGES = [
  {
    language: 'en' as const,
    home: 'Today',
    sales: 'Sales figures',
    funnel: 'Funnel',
    chart: 'Orders per day, last 30 days',
    chartTable: 'The charts as a table, day by day',
    reports: 'Reports',
    report: 'Report',
    members: 'Members by tier',
    show: 'Show',
    download: 'Download CSV',
    vip: 'VIP',
  },
  {
    language: 'th' as const,
    home: 'วันนี้',
    sales: 'ยอดขาย',
    funnel: 'ช่องทางการซื้อ (Funnel)',
    chart: 'คำสั่งซื้อรายวัน 30 วันล่าสุด',
    chartTable: 'ข้อมูลกราฟในรูปตาราง รายวัน',
    reports: 'รายงาน',
    report: 'รายงาน',
    members: 'สมาชิกตามระดับ',
    show: 'แสดง',
    download: 'ดาวน์โหลด CSV',
    vip: 'VIP',
  },
]

for (const labels of LANGUAGES) {
  test(`a manager reads the dashboard and downloads a report (${labels.language})`, async ({ page }) => {
    test.setTimeout(90_000)
    const staff = await newStaff(page.request, 'manager', { language: labels.language })
    await signInByApi(page.request, staff)
    const prefix = labels.language === 'th' ? '/admin' : '/en/admin'

    await page.goto(`${prefix}/`)
    await expect(page.getByRole('heading', { level: 1, name: labels.home })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: labels.sales, exact: true })).toBeVisible()
    // Three periods × two currencies.
    await expect(page.locator('tr[data-period][data-currency]')).toHaveCount(6)
    await expect(page.getByRole('heading', { level: 2, name: labels.funnel })).toBeVisible()
    const before = await viewsToday(page)

    // uPlot is fetched by this screen alone and draws a canvas; its table says the same for screen readers.
    await expect(page.getByText(labels.chart)).toBeVisible()
    await expect(page.locator('.admin-chart canvas').first()).toBeVisible()
    await expect(page.locator('.admin-chart').first()).toHaveAttribute('aria-hidden', 'true')
    await page.getByText(labels.chartTable).click()
    await expect(page.locator('.admin-chart-table tbody tr')).toHaveCount(30)
    await expectNoViolations(page, `the dashboard (${labels.language})`)

    // A product seen in the shop is counted today, on the next answer.
    const listed = await page.request.get(`${API}/products?page_size=1&lang=en&currency=thb`)
    const { items } = (await listed.json()) as { items: Array<{ id: string }> }
    const id = items[0]?.id ?? ''
    expect((await page.request.get(`${API}/products/${id}?lang=en&currency=thb`)).status()).toBe(200)
    await page.reload()
    await expect.poll(() => viewsToday(page)).toBeGreaterThan(before)

    // The reports: members by tier, a table and its CSV (the sign-in's second factor is minutes old: no dialog).
    await page.getByRole('link', { name: labels.reports, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: labels.reports })).toBeVisible()
    await page.getByRole('combobox', { name: labels.report }).selectOption('members-by-tier')
    await page.getByRole('button', { name: labels.show }).click()
    await expect(page).toHaveURL(/kind=members-by-tier/)
    const table = page.getByRole('table', { name: labels.members })
    await expect(table).toBeVisible()
    await expect(table.locator('tbody tr')).toHaveCount(3)
    await expect(table.getByRole('rowheader', { name: labels.vip, exact: true })).toBeVisible()
    await expectNoViolations(page, `the reports (${labels.language})`)

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: labels.download }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^members-by-tier-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = await readFile(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('tier,members,spending_thb')
    expect(lines.slice(1, 4).map((line) => line.split(',')[0])).toEqual(['member', 'vip', 'vvip'])
  })
}

test('on a phone, the dashboard and a report fit the screen @mobile', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 412, height: 915 })
  const staff = await newStaff(page.request, 'marketing', { language: 'th' })
  await signInByApi(page.request, staff)
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { level: 2, name: 'ยอดขาย', exact: true })).toBeVisible()
  await expect(page.locator('.admin-chart canvas').first()).toBeVisible()
  // Marketing reads figures but not orders: the queues are figures without links.
  await expect(page.getByRole('list', { name: 'งานที่รออยู่' })).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await expectNoViolations(page, 'the dashboard on a phone')
  await page.goto('/admin/reports?kind=sales-by-payment')
  await expect(page.getByRole('heading', { level: 1, name: 'รายงาน' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /ยอดขายตามวิธีชำระเงิน/ })).toBeVisible()
  // Marketing may not export: no download button.
  await expect(page.getByRole('button', { name: 'ดาวน์โหลด CSV' })).toHaveCount(0)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await expectNoViolations(page, 'a report on a phone')
})
