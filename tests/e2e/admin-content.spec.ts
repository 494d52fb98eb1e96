import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { gotoHydrated } from './hydration'
import { ADMIN_API, STAFF_HEADERS, newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * Pages in the browser (issue 32 item 6, decision 197), the journey of the issue: a content editor (marketing) writes
 * an editorial with a picture, Thai and English side by side, makes it a draft, publishes it and finds it in the
 * shop's /editorials; then restores an earlier version of the delivery page, which the shop's /delivery shows. In
 * English on a desktop and in Thai (also on a phone: @mobile), axe-checked. Drafts kept off the shop, versions,
 * bad input and the audit are in tests/integration/admin-content.test.ts.
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

const WORDS = {
  en: {
    base: '/en/admin',
    menu: 'Menu',
    pages: 'Pages',
    newEditorial: 'New editorial',
    slug: 'Address (slug)',
    title: (language: string) => `Title (${language})`,
    excerpt: (language: string) => `Excerpt (${language})`,
    thai: 'Thai',
    english: 'English',
    file: 'Picture file (JPEG, PNG, WebP or AVIF)',
    altTh: 'Alt text in Thai',
    altEn: 'Alt text in English',
    newBlock: 'New block',
    addBlock: 'Add block in English',
    text: 'Text',
    create: 'Create as a draft',
    publish: 'Publish',
    published: 'Published. The shop shows it now.',
    restore: (n: number) => `Restore version ${n}`,
    restored: 'Restored and published as the newest version.',
    editorials: '/en/editorials',
    delivery: '/en/delivery',
  },
  th: {
    base: '/admin',
    menu: 'เมนู',
    pages: 'หน้า',
    newEditorial: 'บทความใหม่',
    slug: 'ที่อยู่หน้า (slug)',
    title: (language: string) => `ชื่อเรื่อง (${language})`,
    excerpt: (language: string) => `เกริ่นนำ (${language})`,
    thai: 'ไทย',
    english: 'อังกฤษ',
    file: 'ไฟล์รูปภาพ (JPEG, PNG, WebP หรือ AVIF)',
    altTh: 'คำอธิบายรูปภาษาไทย',
    altEn: 'คำอธิบายรูปภาษาอังกฤษ',
    newBlock: 'บล็อกใหม่',
    addBlock: 'เพิ่มบล็อกภาษาอังกฤษ',
    text: 'ข้อความ',
    create: 'สร้างเป็นฉบับร่าง',
    publish: 'เผยแพร่',
    published: 'เผยแพร่แล้ว หน้าร้านแสดงแล้วตอนนี้',
    restore: (n: number) => `กู้คืน เวอร์ชัน ${n}`,
    restored: 'กู้คืนและเผยแพร่เป็นเวอร์ชันล่าสุดแล้ว',
    editorials: '/editorials',
    delivery: '/delivery',
  },
} as const

type PageDocument = { title_th: string; title_en: string } & Record<string, unknown>

/** The delivery page's first version (the code's text), and a newer one published through the API to restore over. */
async function deliveryWithANewerVersion(request: APIRequestContext, stamp: string): Promise<PageDocument> {
  const first = await request.get(`${ADMIN_API}/content/pages/delivery/versions/1`, { headers: STAFF_HEADERS })
  expect(first.status()).toBe(200)
  const original = ((await first.json()) as { document: PageDocument }).document
  const put = await request.put(`${ADMIN_API}/content/pages/delivery`, {
    headers: STAFF_HEADERS,
    data: {
      // The title grows a word at its end: the journeys beside this one that read the page's title by its start
      // (routes, sharing) still find it while this version is the published one.
      document: { ...original, title_th: `${original.title_th} ${stamp}`, title_en: `${original.title_en} ${stamp}` },
      state: 'published',
    },
  })
  expect(put.status(), await put.text()).toBe(200)
  return original
}

async function journey(page: Page, language: 'en' | 'th', project: string) {
  const words = WORDS[language]
  const staff = await newStaff(page.request, 'marketing', { language })
  await signInByApi(page.request, staff)
  const stamp = `${language}-${project}-${Date.now()}`
  const slug = `journey-${stamp}`.toLowerCase()
  const title = { th: `ผ้าไหมหน้าฝน ${stamp}`, en: `Silk for the rains ${stamp}` }

  // Pages, from the navigation (behind Menu on a phone); a new editorial.
  await page.goto(words.base)
  await expect(page.locator('#admin-main h1')).toBeVisible()
  const menu = page.getByRole('button', { name: words.menu })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('link', { name: words.pages, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: words.pages })).toBeVisible()
  await expectNoViolations(page, `${words.base}/content`)
  await page.getByRole('link', { name: words.newEditorial }).click()
  await expect(page.getByRole('heading', { level: 1, name: words.newEditorial })).toBeVisible()

  await page.getByLabel(words.slug).fill(slug)
  await page.getByLabel(words.title(words.thai)).fill(title.th)
  await page.getByLabel(words.title(words.english)).fill(title.en)
  await page.getByLabel(words.excerpt(words.thai)).fill('ผ้าไหมที่ใส่ได้ทุกวันในหน้าฝน')
  await page.getByLabel(words.excerpt(words.english)).fill('Silk to wear every day of the rains')
  // The hero picture: uploaded (checked by its content on the server), described in both languages.
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2f4f6f' } })
    .jpeg({ quality: 80 })
    .toBuffer()
  await page.getByLabel(words.file).setInputFiles({ name: 'hero.jpg', mimeType: 'image/jpeg', buffer: picture })
  await expect(page.locator('.admin-content__thumb')).toHaveAttribute('src', /\/images\/media\/content\//, {
    timeout: 20_000,
  })
  await page.getByLabel(words.altTh).fill('ผ้าไหมสีน้ำเงินเข้ม')
  await page.getByLabel(words.altEn).fill('Dark blue silk')
  // A paragraph in the English body, by the block editor.
  await page.getByLabel(words.newBlock).last().selectOption('p')
  await page.getByRole('button', { name: words.addBlock }).click()
  await page.getByLabel(words.text, { exact: true }).fill('The first paragraph of the story.')
  await expectNoViolations(page, `${words.base}/content/editorials/new`)
  await page.getByRole('button', { name: words.create }).click()

  // A draft now; published, the shop lists it.
  await expect(page.getByRole('button', { name: words.publish, exact: true })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: words.publish, exact: true }).click()
  await expect(page.getByText(words.published)).toBeVisible()
  await expectNoViolations(page, `${words.base}/content/editorials/${slug}`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)

  await gotoHydrated(page, words.editorials)
  await expect(page.getByRole('link', { name: title[language] }).first()).toBeVisible()
  // Taken off the shop again and deleted: as the newest editorial it leads the home page, which other journeys read.
  const off = await page.request.post(`${ADMIN_API}/content/editorials/${slug}/unpublish`, { headers: STAFF_HEADERS })
  expect(off.status()).toBe(200)
  expect(
    (await page.request.delete(`${ADMIN_API}/content/editorials/${slug}`, { headers: STAFF_HEADERS })).status(),
  ).toBe(204)

  // The delivery page: a newer version published, then version 1 restored on the screen.
  const original = await deliveryWithANewerVersion(page.request, stamp)
  await page.goto(`${words.base}/content/pages/delivery`)
  await page.getByRole('button', { name: words.restore(1), exact: true }).click()
  await expect(page.getByText(words.restored)).toBeVisible()
  await expectNoViolations(page, `${words.base}/content/pages/delivery`)
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(wide, 'the page editor fits the screen').toBeLessThanOrEqual(0)
  // The other journeys running at once restore version 1 too: the shop shows it on its next answer.
  const wanted = language === 'th' ? original.title_th : original.title_en
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, words.delivery)
        return page.locator('main h1').first().textContent()
      },
      { timeout: 20_000 },
    )
    .toBe(wanted)
}

test('a content editor publishes an editorial with a picture and restores the delivery page’s first version', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000)
  await journey(page, 'en', testInfo.project.name)
})

test('the same journey in Thai @mobile', async ({ page }, testInfo) => {
  test.setTimeout(150_000)
  await journey(page, 'th', testInfo.project.name)
})
