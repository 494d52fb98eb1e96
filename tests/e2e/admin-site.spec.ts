import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { gotoHydrated } from './hydration'
import { ADMIN_API, STAFF_HEADERS, newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * Collections and the home page in the browser (issue 32 item 6, decision 198), the journey of the issue: marketing
 * makes a sub-collection with two pieces, puts it first among the home page's featured collections (moving it up with
 * a button, the focus staying on it), publishes, and the shop's home page shows it first and its page lists the two
 * pieces. In English on a desktop and in Thai (also on a phone: @mobile), each screen axe-checked. The rules
 * (cycles, slugs, drafts, restore, links, permissions, audit) are proven in tests/integration/admin-site.test.ts.
 */

// Both languages change the one home page: one after the other.
test.describe.configure({ mode: 'serial' })

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
    shop: '/en/',
    collections: 'Collections',
    slug: 'Slug (its address)',
    inside: 'Inside',
    nameTh: 'Name (Thai)',
    nameEn: 'Name (English)',
    make: 'Make the collection',
    find: 'Find a model (name, SKU or barcode)',
    search: 'Search',
    add: 'Add: ',
    savePieces: 'Save the pieces',
    piecesSaved: 'Pieces saved. The shop shows them now.',
    home: 'Home page',
    addCollection: 'Add a collection',
    up: (name: string) => `Move up: ${name}`,
    publish: 'Publish',
    published: 'Published. The shop’s home page shows it now.',
    ownHero: 'Its own picture, words and link',
    heroFile: 'Hero picture',
    altTh: 'Picture’s alt text in Thai',
    altEn: 'Picture’s alt text in English',
    titleTh: 'Title in Thai',
    titleEn: 'Title in English',
    labelTh: 'Link’s words in Thai',
    labelEn: 'Link’s words in English',
    link: 'Link (a path of the shop)',
  },
  th: {
    base: '/admin',
    shop: '/',
    collections: 'คอลเลกชัน',
    slug: 'สลัก (ที่อยู่ของหน้า)',
    inside: 'อยู่ภายใน',
    nameTh: 'ชื่อ (ไทย)',
    nameEn: 'ชื่อ (อังกฤษ)',
    make: 'สร้างคอลเลกชัน',
    find: 'ค้นหารุ่นสินค้า (ชื่อ รหัสสินค้า หรือบาร์โค้ด)',
    search: 'ค้นหา',
    add: 'เพิ่ม: ',
    savePieces: 'บันทึกสินค้า',
    piecesSaved: 'บันทึกสินค้าแล้ว ร้านแสดงแล้วตอนนี้',
    home: 'หน้าแรก',
    addCollection: 'เพิ่มคอลเลกชัน',
    up: (name: string) => `เลื่อนขึ้น: ${name}`,
    publish: 'เผยแพร่',
    published: 'เผยแพร่แล้ว หน้าแรกของร้านแสดงแล้วตอนนี้',
    ownHero: 'รูป ข้อความ และลิงก์ของตัวเอง',
    heroFile: 'รูปหลัก',
    altTh: 'ข้อความแทนรูปภาษาไทย',
    altEn: 'ข้อความแทนรูปภาษาอังกฤษ',
    titleTh: 'หัวเรื่องภาษาไทย',
    titleEn: 'หัวเรื่องภาษาอังกฤษ',
    labelTh: 'ข้อความของลิงก์ภาษาไทย',
    labelEn: 'ข้อความของลิงก์ภาษาอังกฤษ',
    link: 'ลิงก์ (ที่อยู่ภายในร้าน)',
  },
} as const

async function journey(page: Page, language: 'en' | 'th', project: string) {
  const words = WORDS[language]
  const marketing = await newStaff(page.request, 'marketing', { language })
  await signInByApi(page.request, marketing)
  const run = `${language}-${project}-${Date.now() % 1_000_000}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const slug = `journey-${run}`
  const nameEn = `Journey ${run}`
  const nameTh = `คอลเลกชันทดสอบ ${run}`
  const name = language === 'th' ? nameTh : nameEn
  const tree = await page.request.get(`${ADMIN_API}/collections`, { headers: STAFF_HEADERS })
  expect(tree.status()).toBe(200)
  const [parent] = ((await tree.json()) as { items: Array<{ slug: string; name_th: string; name_en: string }> }).items
  if (!parent) throw new Error('no collection in the demo catalog')
  const parentName = language === 'th' ? parent.name_th : parent.name_en

  try {
    // A sub-collection of the first collection.
    await page.goto(`${words.base}/site/collections`)
    await expect(page.getByRole('heading', { level: 1, name: words.collections })).toBeVisible()
    await expectNoViolations(page, 'the collections')
    await page.getByLabel(words.slug).fill(slug)
    await page.getByLabel(words.inside).selectOption(parent.slug)
    await page.getByLabel(words.nameTh).fill(nameTh)
    await page.getByLabel(words.nameEn).fill(nameEn)
    await page.getByRole('button', { name: words.make }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible()

    // Two pieces, found by the product finder.
    await page.getByLabel(words.find).fill('')
    await page.getByRole('button', { name: words.search, exact: true }).click()
    const adds = page.getByRole('button', { name: new RegExp(`^${words.add}`) })
    await expect(adds.nth(1)).toBeVisible()
    await adds.nth(0).click()
    await adds.nth(1).click()
    await page.getByRole('button', { name: words.savePieces }).click()
    await expect(page.getByRole('status').filter({ hasText: words.piecesSaved })).toBeVisible()
    await expectNoViolations(page, 'a collection')
    const saved = await page.request.get(`${ADMIN_API}/collections/${slug}`, { headers: STAFF_HEADERS })
    const pieces = ((await saved.json()) as { pieces: Array<{ name: string }> }).pieces
    expect(pieces).toHaveLength(2)

    // The home page: the first collection, then ours, moved up to the front with its button.
    await page.goto(`${words.base}/site/home`)
    await expect(page.getByRole('heading', { level: 1, name: words.home })).toBeVisible()
    await page.getByLabel(words.addCollection).first().selectOption(parent.slug)
    await page.getByLabel(words.addCollection).first().selectOption(slug)
    await page.getByRole('button', { name: words.up(name) }).click()
    await expect(page.getByRole('button', { name: words.up(name) })).toBeFocused()
    await expect(page.getByRole('button', { name: words.up(name) })).toHaveAttribute('aria-disabled', 'true')

    // The hero: its own picture (uploaded and checked at once), words in both languages and a link to the collection.
    const hero = { th: `ฤดูฝนนี้ ${run}`, en: `This rainy season ${run}`, linkTh: 'ดูคอลเลกชัน', linkEn: 'See the edit' }
    await page.getByRole('radio', { name: words.ownHero }).check()
    const picture = await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#5a6f4f' } })
      .jpeg({ quality: 80 })
      .toBuffer()
    await page.getByLabel(words.heroFile, { exact: true }).setInputFiles({
      name: 'hero.jpg',
      mimeType: 'image/jpeg',
      buffer: picture,
    })
    await expect(page.locator('.admin-site__hero-picture')).toHaveAttribute('src', /\/images\/media\//, {
      timeout: 20_000,
    })
    await page.getByLabel(words.altTh, { exact: true }).fill('ผ้าลินินสีเขียวมะกอก')
    await page.getByLabel(words.altEn, { exact: true }).fill('Olive linen')
    await page.getByLabel(words.titleTh, { exact: true }).fill(hero.th)
    await page.getByLabel(words.titleEn, { exact: true }).fill(hero.en)
    await page.getByLabel(words.labelTh, { exact: true }).fill(hero.linkTh)
    await page.getByLabel(words.labelEn, { exact: true }).fill(hero.linkEn)
    await page.getByLabel(words.link, { exact: true }).fill(`/collection/${parent.slug}/${slug}`)
    await expectNoViolations(page, 'the home page’s editor')
    await page.getByRole('button', { name: words.publish, exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: words.published })).toBeVisible()

    // The shop's home page opens with the hero in its language, linking to the collection, and leads its
    // collections with it; the collection's page lists the two pieces.
    await gotoHydrated(page, words.shop)
    await expect(page.getByRole('heading', { level: 1, name: language === 'th' ? hero.th : hero.en })).toBeVisible()
    await expect(
      page.getByRole('link', { name: language === 'th' ? hero.linkTh : hero.linkEn, exact: true }),
    ).toHaveAttribute('href', new RegExp(`/collection/${parent.slug}/${slug}$`))
    const strip = page.getByRole('region', { name: words.collections })
    await expect(strip.getByRole('listitem').first()).toContainText(name)
    await expect(strip.getByRole('listitem').nth(1)).toContainText(parentName)
    await strip.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`/collection/${parent.slug}/${slug}`))
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    for (const piece of pieces) {
      const [en, th] = piece.name.split(' · ')
      await expect(page.getByText((language === 'th' ? th : en) ?? piece.name).first()).toBeVisible()
    }
  } finally {
    // The shop's home page as it was (the default layout) and no journey collection left for the other journeys.
    await page.request.put(`${ADMIN_API}/site/home`, {
      headers: STAFF_HEADERS,
      data: {
        body: {
          blocks: [
            { kind: 'hero', editorial: null, custom: null },
            { kind: 'collections', slugs: [] },
            { kind: 'new_arrivals', count: 8 },
          ],
        },
        publish: true,
      },
    })
    await page.request.delete(`${ADMIN_API}/collections/${slug}`, { headers: STAFF_HEADERS })
  }
}

test('marketing puts a new sub-collection first on the home page (English)', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await journey(page, 'en', testInfo.project.name)
})

test('the same journey in Thai @mobile', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await journey(page, 'th', testInfo.project.name)
})
