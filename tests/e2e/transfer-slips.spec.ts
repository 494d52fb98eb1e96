import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { toBuffer } from 'qrcode'
import sharp from 'sharp'
import { placeGuestOrder } from './support/guest-orders'
import { newStaff, signInByApi } from './staff'
import { roomyVariant } from './stock'
import { expect, test } from './test'

/**
 * Transfer slips in the browser (issue 31 item 6), in Thai: a guest uploads a slip from the order page that the shop
 * must check (its QR is the shop's PromptPay payment code, not a bank slip's: a shopper's usual mistake), customer
 * service confirms it on the "Slips to review" screen, and the shopper's order page says it is paid. Every rule of the
 * match, each refusal and the statement import are proven in tests/integration/transfer-slips.test.ts.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map((violation) => `${violation.id}: ${violation.help}`)
  expect(lines, `axe violations on ${where}`).toEqual([])
}

/** A phone's picture of the wrong code: the shop's PromptPay QR on a white page, made with qrcode and sharp. */
async function pictureOfTheWrongQr(): Promise<Buffer> {
  const qr = await toBuffer('00020101021129370016A000000677010111011300668123456785802TH53037646304ABCD', {
    type: 'png',
    width: 240,
  })
  return sharp({ create: { width: 480, height: 640, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, top: 200, left: 120 }])
    .png()
    .toBuffer()
}

test('a slip the shop must check, confirmed by customer service in Thai; the order page then says paid', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  const variant = await roomyVariant(page.request, 'linen-wrap-dress-1001')
  const number = await placeGuestOrder(page.request, context, {
    skus: [variant.sku],
    lang: 'th',
    guest: { lastname: 'สลิป', email: `e2e-slips-${Date.now()}@example.com` },
    idempotencyKey: `e2e-slips-${Date.now()}-${Math.random()}`,
  })

  // The shopper sends the slip from the order page.
  await page.goto(`/order/${number}`)
  const upload = page.getByRole('region', { name: 'อัปโหลดสลิปการโอนเงิน' })
  await expect(upload).toBeVisible()
  await upload
    .getByLabel('รูปสลิป (JPEG, PNG หรือ WebP ไม่เกิน 5 MB)')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await pictureOfTheWrongQr() })
  await upload.getByRole('button', { name: 'ส่งสลิป' }).click()
  await expect(upload.getByRole('status')).toContainText('กำลังตรวจสอบ')
  await expectNoViolations(page, `/order/${number} (slip sent)`)

  // Customer service finds it waiting, with why, and confirms it.
  const staff = await newStaff(page.request, 'customer_service', { language: 'th' })
  await signInByApi(page.request, staff)
  await page.goto('/admin/slips')
  await expect(page.getByRole('heading', { level: 1, name: 'สลิปรอตรวจสอบ' })).toBeVisible()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: number, exact: true }) })
  await expect(card).toContainText('อ่าน QR ของสลิปในรูปไม่ได้')
  await expect(card.getByRole('img', { name: `สลิปการโอนเงินของคำสั่งซื้อ ${number}` })).toBeVisible()
  await expectNoViolations(page, '/admin/slips')
  await card.getByRole('button', { name: 'ยืนยันการชำระเงิน' }).click()
  // Decided, the slip leaves the queue: the screen says what happened.
  await expect(page.getByRole('status').filter({ hasText: 'ยืนยันแล้ว' })).toHaveText('ยืนยันแล้ว: คำสั่งซื้อชำระเงินแล้ว')
  await expect(card).toHaveCount(0)

  // The shopper's order page says paid, and asks for no slip any more.
  await page.goto(`/order/${number}`)
  await expect(page.locator('.order-page__status')).toContainText('ชำระเงินแล้ว')
  await expect(page.getByRole('region', { name: 'อัปโหลดสลิปการโอนเงิน' })).toHaveCount(0)
})
