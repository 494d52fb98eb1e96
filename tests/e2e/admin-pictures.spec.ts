import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { gotoHydrated } from './hydration'
import { ADMIN_API, STAFF_HEADERS, newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * Pictures in the browser (issue 32 item 2, decision 194), the journey of the issue: marketing finds a model, uploads
 * two pictures to a colour, moves the second to the front with the keyboard alone, sets its focal point with a click
 * (a tap on the phone), writes its alt text in Thai and English, and the shop's product page leads with it, its alt
 * text in the page's language and its crop around that point. In English on a desktop
 * and in Thai (also on a phone: @mobile), each axe-checked. The checks on the files themselves (content, size,
 * pixels, GPS), the focal crop, the audit and the S3 storage are in tests/integration/admin-pictures.test.ts.
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

type Model = { family_id: string; colours: Array<{ product_id: string; colour: string; pictures: unknown[] }> }

/**
 * A model of its own for each run (the languages and projects run at once in CI's workers): one of the first models
 * the pictures screen lists, far from the ones the other journeys read.
 */
async function aModel(request: APIRequestContext, index: number): Promise<Model> {
  const found = await request.get(`${ADMIN_API}/pictures/products`, { headers: STAFF_HEADERS })
  expect(found.status()).toBe(200)
  const items = ((await found.json()) as { items: Array<{ family_id: string }> }).items
  const chosen = items[index]
  if (!chosen) throw new Error(`fewer than ${index + 1} models`)
  const reply = await request.get(`${ADMIN_API}/pictures/products/${chosen.family_id}`, { headers: STAFF_HEADERS })
  expect(reply.status()).toBe(200)
  return (await reply.json()) as Model
}

/** A photo of one colour, as a phone would send it. */
async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

const WORDS = {
  en: {
    base: '/en/admin',
    menu: 'Menu',
    pictures: 'Pictures',
    find: 'Find a product (name or SKU)',
    search: 'Search',
    found: 'Products found',
    add: (colour: string) => `Add pictures of ${colour}`,
    list: (colour: string) => `Pictures of ${colour}, in the shop’s order`,
    of: (n: number, count: number) => `Picture ${n} of ${count}`,
    up: (n: number) => `Move up: picture ${n}`,
    moved: (to: number, count: number) => `Moved to position ${to} of ${count}.`,
    altTh: 'Alt text (Thai)',
    altEn: 'Alt text (English)',
    across: 'Across',
    down: 'Down',
    save: (n: number) => `Save picture ${n}`,
    saved: (n: number) => `Picture ${n} saved.`,
    product: (id: string) => `/en/product/${id}`,
  },
  th: {
    base: '/admin',
    menu: 'เมนู',
    pictures: 'รูปภาพ',
    find: 'ค้นหาสินค้า (ชื่อหรือ SKU)',
    search: 'ค้นหา',
    found: 'สินค้าที่พบ',
    add: (colour: string) => `เพิ่มรูปของสี${colour}`,
    list: (colour: string) => `รูปของสี${colour} ตามลำดับที่ร้านแสดง`,
    of: (n: number, count: number) => `รูปที่ ${n} จาก ${count}`,
    up: (n: number) => `เลื่อนขึ้น: รูปที่ ${n}`,
    moved: (to: number, count: number) => `ย้ายไปลำดับที่ ${to} จาก ${count} แล้ว`,
    altTh: 'ข้อความแทนรูป (ไทย)',
    altEn: 'ข้อความแทนรูป (อังกฤษ)',
    across: 'แนวนอน',
    down: 'แนวตั้ง',
    save: (n: number) => `บันทึกรูปที่ ${n}`,
    saved: (n: number) => `บันทึกรูปที่ ${n} แล้ว`,
    product: (id: string) => `/product/${id}`,
  },
} as const

const MODEL_INDEX: Record<string, number> = { 'en desktop': 20, 'th desktop': 21, 'th mobile': 22 }

async function journey(page: Page, language: 'en' | 'th', project: string) {
  const words = WORDS[language]
  const staff = await newStaff(page.request, 'marketing', { language })
  await signInByApi(page.request, staff)
  const model = await aModel(page.request, MODEL_INDEX[`${language} ${project}`] ?? 23)
  const colour = model.colours[0]
  if (!colour) throw new Error(`${model.family_id} has no colour`)
  const before = colour.pictures.length
  const count = before + 2
  const stamp = `${language}-${project}-${Date.now()}`
  const alt = { th: `ภาพสินค้าใหม่ ${stamp}`, en: `The new picture ${stamp}` }

  // The screen: from the navigation (behind Menu on a phone), the model found by its id.
  await page.goto(words.base)
  await expect(page.locator('#admin-main h1')).toBeVisible()
  const menu = page.getByRole('button', { name: words.menu })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('link', { name: words.pictures, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: words.pictures })).toBeVisible()
  await page.getByLabel(words.find).fill(model.family_id)
  await page.getByRole('button', { name: words.search, exact: true }).click()
  await page
    .getByRole('list', { name: words.found })
    .getByRole('listitem')
    .filter({ hasText: model.family_id })
    .getByRole('link')
    .click()

  // Two pictures chosen at once in the colour's file input (on a phone, its camera or its photos).
  const input = page.getByLabel(words.add(colour.colour), { exact: true })
  await expect(input).toHaveAttribute('capture', 'environment')
  await input.setInputFiles([
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await photo('#aa3355') },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await photo('#3355aa') },
  ])
  // The colour's pictures (a model's other colours have theirs, named alike).
  const list = page.getByRole('list', { name: words.list(colour.colour), exact: true })
  const newest = list.getByRole('listitem', { name: words.of(count, count), exact: true })
  await expect(newest).toBeVisible({ timeout: 20_000 })
  await expectNoViolations(page, `${words.base}/pictures (uploaded)`)

  // The second upload moved to the front with the keyboard: its Move up button keeps the focus as it climbs.
  const up = list.getByRole('button', { name: words.up(count), exact: true })
  await up.focus()
  for (let to = count - 1; to >= 1; to--) {
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: words.moved(to, count) })).toBeVisible()
    await expect(list.getByRole('button', { name: words.up(to), exact: true })).toBeFocused()
  }

  // Its alt text in both languages, side by side, saved.
  const first = list.getByRole('listitem', { name: words.of(1, count), exact: true })
  await expect(first.locator('img')).toHaveAttribute('src', /\/images\/media\/products\//)
  // Its focal point by a click (a tap on the phone) on the picture, 80% across and 30% down.
  const picture = first.locator('img')
  const box = await picture.boundingBox()
  if (!box) throw new Error('the picture has no box')
  await picture.click({ position: { x: box.width * 0.8, y: box.height * 0.3 } })
  await expect(first.getByLabel(words.across, { exact: true })).toHaveValue('80')
  await expect(first.getByLabel(words.down, { exact: true })).toHaveValue('30')
  await first.getByLabel(words.altTh).fill(alt.th)
  await first.getByLabel(words.altEn).fill(alt.en)
  await first.getByRole('button', { name: words.save(1), exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: words.saved(1) })).toBeVisible()
  await expectNoViolations(page, `${words.base}/pictures (described)`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)

  // The shop leads with it on the very next answer, described in the page's language.
  await gotoHydrated(page, words.product(colour.product_id))
  const main = page.locator('.gallery__main img')
  await expect(main).toHaveAttribute('alt', alt[language])
  await expect(main).toHaveAttribute('src', /\/images\/media\/products\/.*fp=0\.8(,|%2C)0\.3/)
  await expect
    .poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
      message: 'the picture is served by the image endpoint',
    })
    .toBe(true)
}

test('marketing uploads two pictures, puts the second first by keyboard, describes it; the shop leads with it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await journey(page, 'en', testInfo.project.name)
})

test('the same journey in Thai @mobile', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await journey(page, 'th', testInfo.project.name)
})
