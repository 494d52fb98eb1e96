import { ADMIN_API, newStaff, signInByApi } from './staff'
import { expectNoViolations, openAdmin } from './support/admin'
import { paidOrder } from './support/paid-order'
import { expect, test } from './test'

/**
 * Fulfilment in the browser (issue 31 item 8), two journeys: the warehouse on a phone, in Thai, opens the "to pack"
 * queue, the order, its label (a PDF) and marks it shipped with a tracking number; in English, a bulk tracking CSV is
 * checked (its bad row named, nothing changed) and then shipped. Orders are placed and paid through the API; the rest
 * (documents' content, the CSV's every problem, tracking) is proved in tests/integration/admin-fulfilment.test.ts.
 */

/** A tracking number of Thailand Post's form no other run has. */
function trackingNumber(): string {
  return `EF${String(Date.now() % 1_000_000_000).padStart(9, '0')}TH`
}

test('the warehouse packs and ships from a phone: the queue, the label, the tracking number @mobile', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const number = await paidOrder(page.request, 'phone')
  const staff = await newStaff(page.request, 'warehouse', { language: 'th' })
  await signInByApi(page.request, staff)

  await openAdmin(page, '/admin')
  await page.getByRole('link', { name: /รอแพ็ก/ }).click()
  await expect(page).toHaveURL(/\/admin\/orders\?.*status=paid/)

  // The order, as its label's QR code opens it.
  await openAdmin(page, `/admin/orders/${number}`)
  const panel = page.getByRole('region', { name: 'แพ็กและจัดส่ง' })
  const label = panel.getByRole('link', { name: 'พิมพ์ฉลาก' })
  await expect(label).toBeVisible()
  const pdf = await page.request.get((await label.getAttribute('href')) ?? '')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await expectNoViolations(page, `/admin/orders/${number} (packing and shipping)`)

  const tracking = trackingNumber()
  await panel.getByLabel('เลขพัสดุ').fill(tracking.toLowerCase())
  await panel.getByRole('button', { name: 'บันทึกว่าจัดส่งแล้ว' }).click()
  await expect(panel.getByRole('status')).toHaveText('จัดส่งแล้ว ลูกค้าจะได้รับแจ้งทางอีเมล')
  await expect(page.locator('.admin-order__status')).toContainText('กำลังจัดส่ง')
  await expect(page.getByRole('link', { name: tracking })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test('a tracking CSV is checked, its bad row named, then every order shipped (en)', async ({ page }) => {
  test.setTimeout(60_000)
  const first = await paidOrder(page.request, 'bulk-1')
  const second = await paidOrder(page.request, 'bulk-2')
  const staff = await newStaff(page.request, 'warehouse', { language: 'en' })
  await signInByApi(page.request, staff)
  await openAdmin(page, '/en/admin/orders')

  const bulk = page.getByRole('region', { name: 'Print and ship' })
  const good = [`${first},Thailand Post,${trackingNumber()}`, `${second},kerry_express,KEX${Date.now()}`]
  const file = bulk.getByLabel('Tracking CSV (order number, carrier, tracking number)')
  await file.setInputFiles({
    name: 'tracking.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['order,carrier,tracking', ...good, 'AS0000-00000,thailand_post,EF000000000TH'].join('\n')),
  })
  await bulk.getByRole('button', { name: 'Check the file' }).click()
  await expect(bulk.getByRole('status')).toHaveText(
    'tracking.csv: 1 rows cannot be shipped. Correct them and check again: nothing was changed.',
  )
  await expect(bulk.getByRole('row', { name: /AS0000-00000/ })).toContainText('no such order')
  await expect(bulk.getByRole('button', { name: /^Ship/ })).toHaveCount(0)
  await expectNoViolations(page, '/en/admin/orders (the CSV checked)')

  await file.setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(good.join('\n')) })
  await bulk.getByRole('button', { name: 'Check the file' }).click()
  await expect(bulk.getByRole('status')).toHaveText('2 rows ready to ship. Nothing is changed until you ship them.')
  await bulk.getByRole('button', { name: 'Ship 2 parcels' }).click()
  await expect(bulk.getByRole('status')).toHaveText('2 parcels shipped.')
  for (const number of [first, second]) {
    const detail = await page.request.get(`${ADMIN_API}/orders/${number}`)
    expect(((await detail.json()) as { status: string }).status).toBe('in_transit')
  }
})
