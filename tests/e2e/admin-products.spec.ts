import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ADMIN_API, newStaff, signInByApi, STAFF_HEADERS } from './staff'
import { expect, test } from './test'

/**
 * Products in the browser (issue 32 item 1): marketing makes a model with two colours and three sizes (a barcode with
 * a wrong check digit refused by the form first), opens its preview before it is published (the shop's page, private
 * and never cached), publishes it and finds it in the shop's search; in English, and in Thai on a phone. The rules
 * (status in every read, the schedule, duplicates, 400s and 409s, audit) are proven in
 * tests/integration/admin-products.test.ts.
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

/** A word no other product has: the run's time in letters, so search finds this model alone. */
function uniqueWord(): string {
  return `lotus${[...String(Date.now()).slice(-7)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`
}

const WORDS = {
  en: {
    prefix: '/en',
    products: 'Products',
    newModel: 'New model',
    nameTh: 'Name (Thai)',
    nameEn: 'Name (English)',
    slug: 'Address (slug)',
    category: 'Category',
    descriptionTh: 'Description (Thai)',
    descriptionEn: 'Description (English)',
    materialTh: 'Material (Thai)',
    materialEn: 'Material (English)',
    priceThb: 'Price (THB)',
    priceUsd: 'Price (USD)',
    sizes: 'Sizes of the model',
    colourTh: 'Colour name (Thai)',
    colourEn: 'Colour name (English)',
    addColour: 'Add a colour',
    barcodeOf: (size: string) => `Barcode of ${size}`,
    badBarcode: 'Not a GTIN-8, 12, 13 or 14 with the right check digit.',
    create: 'Create the model as a draft',
    draft: 'Draft',
    published: 'Published',
    preview: 'Preview',
    openPreview: 'Open the preview',
    publish: 'Publish now',
    previewNotice: 'Preview: only staff with this link see this page until the product is published.',
    matchWith: 'Match with',
    find: 'Find a model by name or SKU',
    add: (name: string) => `Add ${name}`,
    remove: (name: string) => `Remove ${name}`,
    chosen: 'Chosen',
    bare: 'Colours without a picture yet: Ivory and Indigo.',
  },
  th: {
    prefix: '',
    products: 'สินค้า',
    newModel: 'สินค้ารุ่นใหม่',
    nameTh: 'ชื่อ (ไทย)',
    nameEn: 'ชื่อ (อังกฤษ)',
    slug: 'ที่อยู่หน้า (slug)',
    category: 'หมวดหมู่',
    descriptionTh: 'รายละเอียด (ไทย)',
    descriptionEn: 'รายละเอียด (อังกฤษ)',
    materialTh: 'วัสดุ (ไทย)',
    materialEn: 'วัสดุ (อังกฤษ)',
    priceThb: 'ราคา (บาท)',
    priceUsd: 'ราคา (ดอลลาร์)',
    sizes: 'ไซซ์ของสินค้ารุ่นนี้',
    colourTh: 'ชื่อสี (ไทย)',
    colourEn: 'ชื่อสี (อังกฤษ)',
    addColour: 'เพิ่มสี',
    barcodeOf: (size: string) => `บาร์โค้ดของไซซ์ ${size}`,
    badBarcode: 'ไม่ใช่ GTIN-8, 12, 13 หรือ 14 ที่มีหลักตรวจสอบถูกต้อง',
    create: 'สร้างสินค้ารุ่นนี้เป็นฉบับร่าง',
    draft: 'ฉบับร่าง',
    published: 'เผยแพร่แล้ว',
    preview: 'ดูตัวอย่าง',
    openPreview: 'เปิดตัวอย่าง',
    publish: 'เผยแพร่ตอนนี้',
    previewNotice: 'ตัวอย่าง: เฉพาะพนักงานที่มีลิงก์นี้เท่านั้นที่เห็นหน้านี้จนกว่าสินค้าจะเผยแพร่',
    matchWith: 'แมตช์กับ',
    find: 'ค้นหาสินค้ารุ่นด้วยชื่อหรือ SKU',
    add: (name: string) => `เพิ่ม ${name}`,
    remove: (name: string) => `นำออก ${name}`,
    chosen: 'เลือกแล้ว',
    bare: 'สีที่ยังไม่มีรูป: งาช้างและคราม',
  },
} as const

for (const language of ['en', 'th'] as const) {
  const w = WORDS[language]
  test(
    `marketing makes a model of two colours and three sizes, previews, publishes and finds it in the shop (${language})`,
    language === 'th' ? { tag: '@mobile' } : {},
    async ({ page }) => {
      test.setTimeout(120_000)
      const marketing = await newStaff(page.request, 'marketing', { language })
      await signInByApi(page.request, marketing)
      const word = uniqueWord()
      const slug = `${word}-wrap-jumpsuit`
      const nameEn = `${word[0]?.toUpperCase()}${word.slice(1)} wrap jumpsuit`

      await page.goto(`${w.prefix}/admin/products`)
      await expect(page.getByRole('heading', { level: 1, name: w.products })).toBeVisible()
      // The navigation names the screen (folded behind its menu button on a phone).
      await expect(page.getByRole('link', { name: w.products, exact: true, includeHidden: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expectNoViolations(page, `${language} /admin/products`)

      await page.getByRole('link', { name: w.newModel }).click()
      await expect(page.getByRole('heading', { level: 1, name: w.newModel })).toBeVisible()
      await page.getByLabel(w.nameTh, { exact: true }).fill(`จัมป์สูทป้าย ${word}`)
      await page.getByLabel(w.nameEn, { exact: true }).fill(nameEn)
      await page.getByLabel(w.slug, { exact: true }).fill(slug)
      await page.getByLabel(w.category, { exact: true }).selectOption('jumpsuits')
      await page.getByLabel(w.descriptionTh, { exact: true }).fill('จัมป์สูทผ้าลินินทรงป้าย ใส่สบายทั้งวัน')
      await page.getByLabel(w.descriptionEn, { exact: true }).fill('A linen wrap jumpsuit, easy all day.')
      await page.getByLabel(w.materialTh, { exact: true }).fill('ลินิน 100%')
      await page.getByLabel(w.materialEn, { exact: true }).fill('100% linen')
      await page.getByLabel(w.priceThb, { exact: true }).fill('2590')
      await page.getByLabel(w.priceUsd, { exact: true }).fill('89')
      await page.getByLabel(w.sizes, { exact: true }).fill('S, M, L')
      await page.getByLabel(w.colourTh, { exact: true }).fill('งาช้าง')
      await page.getByLabel(w.colourEn, { exact: true }).fill('Ivory')
      await page.getByRole('button', { name: w.addColour }).click()
      await page.getByLabel(w.colourTh, { exact: true }).nth(1).fill('คราม')
      await page.getByLabel(w.colourEn, { exact: true }).nth(1).fill('Indigo')

      // A barcode whose check digit is wrong: the form says so beside it, in the staff's language, before sending.
      const barcode = page.getByLabel(w.barcodeOf('M'), { exact: true }).first()
      await barcode.fill('4006381333932')
      await barcode.blur()
      await expect(page.getByText(w.badBarcode)).toBeVisible()
      await expect(barcode).toHaveAttribute('aria-invalid', 'true')
      await expectNoViolations(page, `${language} the new model's form with an error`)
      await barcode.fill('')
      await barcode.blur()
      await expect(page.getByText(w.badBarcode)).toHaveCount(0)

      // "Match with" is chosen by name: two found and added, one taken out again, by the keyboard's buttons.
      const listed = await page.request.get(`${ADMIN_API}/products?status=published&page_size=2`, {
        headers: STAFF_HEADERS,
      })
      expect(listed.status()).toBe(200)
      const [first, second] = ((await listed.json()) as { items: { id: string; name_th: string; name_en: string }[] })
        .items
      if (!first || !second) throw new Error('the demo catalog has fewer than two published models')
      const nameOf = (model: { name_th: string; name_en: string }) =>
        language === 'th' ? model.name_th : model.name_en
      const picker = page.getByRole('group', { name: w.matchWith })
      const find = picker.getByLabel(w.find, { exact: true })
      for (const model of [first, second]) {
        await find.fill(model.id)
        await picker
          .getByRole('listitem')
          .filter({ has: page.getByText(model.id, { exact: true }) })
          .getByRole('button', { name: w.add(nameOf(model)), exact: true })
          .click()
        await expect(find).toBeFocused()
      }
      const chosen = picker.getByRole('list', { name: w.chosen, exact: true })
      await expect(chosen.getByRole('listitem')).toHaveCount(2)
      await chosen.getByRole('button', { name: w.remove(nameOf(first)), exact: true }).click()
      await expect(chosen.getByRole('listitem')).toHaveCount(1)
      await expect(chosen).toContainText(nameOf(second))

      await page.getByRole('button', { name: w.create }).click()
      await expect(page).toHaveURL(new RegExp(`/admin/products/${slug}$`))
      await expect(page.getByRole('status').filter({ hasText: w.draft })).toBeVisible()
      // No picture yet: said beside the publish button, which it describes.
      await expect(page.getByText(w.bare)).toBeVisible()
      await expectNoViolations(page, `${language} the model's editor`)
      const saved = await page.request.get(`${ADMIN_API}/products/${slug}`, { headers: STAFF_HEADERS })
      expect(((await saved.json()) as { match_with: { id: string }[] }).match_with.map((m) => m.id)).toEqual([
        second.id,
      ])

      // Not in the shop while a draft: its page is not found, search does not find it.
      const hidden = await page.request.get(`${w.prefix}/product/${slug}`)
      expect(hidden.status()).toBe(404)

      // The preview: the shop's page of the draft, for whoever holds the link, never kept by a cache.
      await page.getByRole('button', { name: w.preview, exact: true }).click()
      const link = page.getByRole('link', { name: w.openPreview })
      await expect(link).toBeVisible()
      const href = await link.getAttribute('href')
      if (!href) throw new Error('no preview link')
      // The link is the shop's own address (SITE_URL); here the same shop answers on the test's port.
      const previewPath = `${new URL(href).pathname}${new URL(href).search}`
      const preview = await page.request.get(previewPath)
      expect(preview.status()).toBe(200)
      expect(preview.headers()['cache-control']).toBe('private, no-store')
      const shop = await page.context().newPage()
      await shop.goto(previewPath)
      await expect(shop.getByRole('status').filter({ hasText: w.previewNotice })).toBeVisible()
      await expect(shop.getByRole('heading', { level: 1 })).toBeVisible()
      await shop.close()

      await page.getByRole('button', { name: w.publish }).click()
      await expect(page.getByRole('status').filter({ hasText: w.published })).toBeVisible()

      // Published: the shop's search finds it on its next answer.
      await page.goto(`${w.prefix}/search?q=${word}`)
      await expect(page.getByRole('link', { name: new RegExp(word, 'i') }).first()).toBeVisible()
      expect((await page.request.get(`${w.prefix}/product/${slug}`)).status()).toBe(200)

      // Unpublished again: the model has no stock and no picture, and the journeys running beside this one take the
      // newest piece of a listing as one to buy (the model is a jumpsuit, out of the dresses those journeys open).
      const unpublished = await page.request.post(`${ADMIN_API}/products/${slug}/status`, {
        headers: STAFF_HEADERS,
        data: { status: 'unpublished' },
      })
      expect(unpublished.status(), await unpublished.text()).toBe(200)
      expect((await page.request.get(`${w.prefix}/product/${slug}`)).status()).toBe(404)
    },
  )
}
