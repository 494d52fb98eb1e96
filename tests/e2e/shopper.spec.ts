import { inflateSync } from 'node:zlib'
import type { APIRequestContext, Page } from '@playwright/test'
import { pdfText } from '../pdf-text'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'
import { expect, test } from './test'

/**
 * Issue 19, item 6 (docs/decisions/032): what shoppers expect of a modern shop. An installable manifest, a progress
 * bar and skeletons while a page loads, recently viewed pieces kept on the device, and a print layout for orders;
 * in both languages.
 */

/** Fixed examples of the demo catalog (src/db/seed/demo-catalog.ts, DEMO_EXAMPLES). */
const DRESS = 'linen-wrap-dress-1001'
const SOLD_OUT = 'cotton-poplin-shirt-1002'
const TROUSERS = 'linen-wide-leg-trousers-1004'

const WORDS = {
  th: {
    prefix: '',
    loading: 'กำลังโหลดหน้า',
    recentlyViewed: 'สินค้าที่ดูล่าสุด',
    clear: 'ล้างรายการ',
    cleared: 'ล้างรายการสินค้าที่ดูล่าสุดออกจากอุปกรณ์นี้แล้ว',
    soldOut: 'สินค้าหมด',
    newArrivals: 'สินค้าใหม่',
    description: 'เสื้อผ้า กระเป๋า รองเท้า เครื่องประดับแฟชั่น และจิวเวลรี่จากกรุงเทพฯ',
  },
  en: {
    prefix: '/en',
    loading: 'Loading the page',
    recentlyViewed: 'Recently viewed',
    clear: 'Clear the list',
    cleared: 'Your recently viewed pieces were cleared from this device.',
    soldOut: 'Sold out',
    newArrivals: 'New arrivals',
    description: 'Clothing, bags, shoes, accessories and jewelry from Bangkok.',
  },
} as const
type Lang = keyof typeof WORDS
const LANGS: Lang[] = ['th', 'en']

/** Width and height of a PNG, read from its header; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG')
  }
  // The image data must inflate: a truncated file fails here.
  const chunks: Buffer[] = []
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset)
    const type = bytes.toString('latin1', offset + 4, offset + 8)
    if (type === 'IDAT') chunks.push(bytes.subarray(offset + 8, offset + 8 + length))
    offset += 12 + length
  }
  expect(inflateSync(Buffer.concat(chunks)).length).toBeGreaterThan(0)
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Holds every server-function call of the page for `ms` before it goes on: a slow network or a busy server. */
async function slowServerFunctions(page: Page, ms: number) {
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.fallback()
  })
}

for (const lang of LANGS) {
  const words = WORDS[lang]

  test.describe(`installable (${lang})`, () => {
    test('every page links the manifest of its language; it parses, and its icons are PNGs of their sizes', async ({
      page,
      request,
    }) => {
      for (const path of [`${words.prefix}/`, `${words.prefix}/product/${DRESS}`, `${words.prefix}/cart`]) {
        await gotoHydrated(page, path)
        await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
          'href',
          `/manifest.webmanifest?lang=${lang}`,
        )
        await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute(
          'href',
          '/icons/apple-touch-icon.png',
        )
        await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', '#000000')
      }

      // The manifest as the browser fetches it: the link's URL resolved against the page.
      const href = await page.locator('head link[rel="manifest"]').evaluate((link: HTMLLinkElement) => link.href)
      const response = await request.get(href)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('application/manifest+json')
      const manifest = (await response.json()) as {
        name: string
        short_name: string
        description: string
        lang: string
        start_url: string
        scope: string
        display: string
        theme_color: string
        background_color: string
        icons: { src: string; sizes: string; type: string; purpose: string }[]
      }
      expect(manifest.name).toBe('ATELIER SIAM')
      expect(manifest.short_name.length).toBeLessThanOrEqual(12)
      expect(manifest.description).toBe(words.description)
      expect(manifest.lang).toBe(lang === 'th' ? 'th-TH' : 'en-US')
      expect(manifest.start_url).toBe(lang === 'th' ? '/' : '/en')
      expect(manifest.scope).toBe('/')
      expect(manifest.display).toBe('standalone')
      expect(manifest.theme_color).toBe('#000000')
      expect(manifest.background_color).toBe('#ffffff')

      // Chromium's installability: a 192 and a 512 icon of purpose any, and a maskable one for Android.
      const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()
      expect(purposes).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
      const icons = [
        ...manifest.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes, type: icon.type })),
        { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
      ]
      for (const icon of icons) {
        const file = await request.get(new URL(icon.src, href).toString())
        expect(file.status(), icon.src).toBe(200)
        expect(file.headers()['content-type']).toBe(icon.type)
        const { width, height } = pngSize(await file.body())
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes)
      }
      // The start page opens.
      expect((await request.get(new URL(manifest.start_url, href).toString())).status()).toBe(200)
    })
  })

  test.describe(`while a page loads (${lang})`, () => {
    test('a slow navigation shows the progress bar and the page skeleton, and both go when the page is there @mobile', async ({
      page,
    }) => {
      await gotoHydrated(page, `${words.prefix}/`)
      await slowServerFunctions(page, 1500)
      const bar = page.getByRole('progressbar', { name: words.loading })

      // A product page.
      const card = page.locator('.product-card__link').first()
      const name = (await card.locator('.product-card__name').textContent()) ?? ''
      expect(name).not.toBe('')
      await card.click()
      await expect(bar).toBeVisible()
      await expect(page.locator('[data-skeleton="product"]')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 10_000 })
      await expect(bar).toHaveCount(0)
      await expect(page.locator('.skeleton-page')).toHaveCount(0)

      // A listing.
      await page.goBack()
      await expect(page.getByRole('heading', { level: 2, name: words.newArrivals })).toBeVisible()
      await page.locator('a.button[href$="/product?tag=new"]').click()
      await expect(bar).toBeVisible()
      await expect(page.locator('[data-skeleton="listing"]')).toBeVisible()
      await expect(page.locator('.listing .product-card').first()).toBeVisible({ timeout: 10_000 })
      await expect(bar).toHaveCount(0)
      await expect(page.locator('.skeleton-page')).toHaveCount(0)
    })

    test('a fast navigation shows nothing: the bar is hidden for its first 150 ms', async ({ page }) => {
      await gotoHydrated(page, `${words.prefix}/`)
      await slowServerFunctions(page, 2000)
      await page.locator('.product-card__link').first().click()
      // Read the bar's style as soon as it is in the page: a slow machine could otherwise read it after the page
      // arrived and the bar was gone (a detached element has an empty computed style).
      const bar = page.locator('.nav-progress')
      await bar.waitFor({ state: 'attached' })
      const style = await bar.evaluate((element) => {
        const computed = getComputedStyle(element)
        return { names: computed.animationName, delays: computed.animationDelay, position: computed.position }
      })
      // Shown after 150 ms (its visibility is animated from hidden), fixed at the top of the window.
      expect(style.names).toBe('nav-progress-show, nav-progress-grow')
      expect(style.delays).toBe('0.15s, 0.15s')
      expect(style.position).toBe('fixed')
      await expect(page.getByRole('progressbar', { name: words.loading })).toBeVisible()
    })
  })

  test.describe(`reduced motion (${lang})`, () => {
    test.use({ reducedMotion: 'reduce' })

    test('the bar does not move and the skeleton does not pulse', async ({ page }) => {
      await gotoHydrated(page, `${words.prefix}/`)
      await slowServerFunctions(page, 1500)
      await page.locator('.product-card__link').first().click()
      const bar = page.getByRole('progressbar', { name: words.loading })
      await expect(bar).toBeVisible()
      expect(await bar.evaluate((element) => getComputedStyle(element).animationName)).toBe('nav-progress-show')
      const skeleton = page.locator('[data-skeleton="product"] .skeleton').first()
      await expect(skeleton).toBeVisible()
      expect(await skeleton.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
    })
  })

  test.describe(`recently viewed (${lang})`, () => {
    test('pieces viewed on this device, newest first, on the product page and home; cleared at a tap @mobile', async ({
      page,
      request,
    }) => {
      // A first visit: nothing yet, anywhere.
      await gotoHydrated(page, `${words.prefix}/product/${DRESS}`)
      const dressName = (await page.locator('h1').textContent()) ?? ''
      const dressPrice = (await page.locator('.product__price').textContent()) ?? ''
      await expect.poll(() => page.evaluate(() => localStorage.getItem('recently_viewed'))).toBe(`[{"id":"${DRESS}"}]`)
      const section = page.getByRole('region', { name: words.recentlyViewed })
      await expect(section).toHaveCount(0)

      // A second piece: the first is shown there, in the shopper's currency, and not the piece on screen.
      await gotoHydrated(page, `${words.prefix}/product/${SOLD_OUT}`)
      const shirtName = (await page.locator('h1').textContent()) ?? ''
      await expect(section).toBeVisible()
      await expect(section.locator('.product-card__name')).toHaveText([dressName])
      await expect(section.locator('.product-card__meta')).toHaveText(dressPrice)

      // A third, reached by a client-side navigation from the list.
      await section.locator('.product-card__link').first().click()
      await expect(page.locator('h1')).toHaveText(dressName)
      await expect(section.locator('.product-card__name')).toHaveText([shirtName])
      await gotoHydrated(page, `${words.prefix}/product/${TROUSERS}`)
      const trousersName = (await page.locator('h1').textContent()) ?? ''
      await expect(section.locator('.product-card__name')).toHaveText([dressName, shirtName])

      // Home: everything, newest first; the sold-out piece says so.
      await gotoHydrated(page, `${words.prefix}/`)
      await expect(section.locator('.product-card__name')).toHaveText([trousersName, dressName, shirtName])
      await expect(section.locator('.product-card').nth(2)).toContainText(words.soldOut)

      // Nothing of it in the server's HTML: home and product pages are shared by every shopper (decision 027).
      for (const path of [`${words.prefix}/`, `${words.prefix}/product/${SOLD_OUT}`]) {
        const html = await (await request.get(path)).text()
        expect(html).not.toContain(words.recentlyViewed)
        expect(html).not.toContain('recently-viewed')
      }

      await section.getByRole('button', { name: words.clear }).click()
      await expect(section.getByRole('status')).toHaveText(words.cleared)
      await expect(section.locator('.product-card')).toHaveCount(0)
      expect(await page.evaluate(() => localStorage.getItem('recently_viewed'))).toBeNull()
      await gotoHydrated(page, `${words.prefix}/`)
      await expect(page.locator('.site-main')).toContainText(words.newArrivals)
      await expect(section).toHaveCount(0)
    })

    test('corrupt or refused storage breaks nothing', async ({ page, context }) => {
      // Whatever was left under the key: not JSON, not a list, entries of every wrong shape.
      await gotoHydrated(page, `${words.prefix}/`)
      for (const junk of ['{not json', '{"id":"x"}', JSON.stringify([null, 7, { id: '../../etc' }, { id: DRESS }])]) {
        await page.evaluate((value) => localStorage.setItem('recently_viewed', value), junk)
        await gotoHydrated(page, `${words.prefix}/product/${SOLD_OUT}`)
        await expect(page.locator('h1')).toBeVisible()
        await expect
          .poll(() =>
            page.evaluate(() => {
              try {
                return (JSON.parse(localStorage.getItem('recently_viewed') ?? '[]') as { id?: string }[])[0]?.id
              } catch {
                return 'unreadable'
              }
            }),
          )
          .toBe(SOLD_OUT)
      }
      // The last junk kept the dress, the one valid entry.
      await expect(page.getByRole('region', { name: words.recentlyViewed }).locator('.product-card')).toHaveCount(1)

      // A browser that refuses storage altogether (reading localStorage throws): pages work, nothing is shown.
      const refusing = await context.newPage()
      await refusing.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError')
          },
        })
      })
      const errors: string[] = []
      refusing.on('pageerror', (error) => errors.push(error.message))
      await gotoHydrated(refusing, `${words.prefix}/product/${DRESS}`)
      await gotoHydrated(refusing, `${words.prefix}/`)
      await expect(refusing.getByRole('heading', { level: 2, name: words.newArrivals })).toBeVisible()
      // Long enough for the idle loader to have run.
      await refusing.waitForTimeout(500)
      await expect(refusing.getByRole('region', { name: words.recentlyViewed })).toHaveCount(0)
      expect(errors).toEqual([])
    })
  })
}

/** A guest's bank-transfer order of the dress with a tax ID (the order page then has its tax invoice section). */
async function placeOrder(page: Page, request: APIRequestContext): Promise<string> {
  const size = (await roomyVariant(request, DRESS)).size
  await gotoHydrated(page, `/en/product/${DRESS}?size=${size}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible()
  await page.getByRole('link', { name: 'View cart' }).click()
  await page.getByRole('button', { name: 'Check out' }).click()
  await page.getByRole('button', { name: 'Continue as guest' }).click()
  await page.getByRole('textbox', { name: 'E-mail' }).first().fill('print.buyer@example.com')
  await page.getByRole('textbox', { name: 'Telephone' }).first().fill('0812345678')
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Somchai')
  await page.getByRole('textbox', { name: 'Last name' }).fill('Printer')
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0812345678')
  await page.getByRole('textbox', { name: 'Email' }).fill('print.buyer@example.com')
  await page.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Bangkok' })
  await page.getByRole('combobox', { name: 'District', exact: true }).selectOption({ label: 'Chatuchak' })
  await page.getByRole('combobox', { name: 'Sub-district' }).selectOption({ label: 'Lat Yao' })
  await page.getByRole('textbox', { name: 'Address 1' }).fill('1 Phahonyothin Road')
  await page.getByRole('textbox', { name: 'Tax ID (for a full tax invoice)' }).fill('1-1017-00230-70-8')
  await page.getByRole('button', { name: 'Use this address' }).click()
  await expect(page.getByRole('button', { name: 'Edit address' })).toBeVisible()
  await page.getByRole('radio', { name: 'Bank transfer or PromptPay' }).check()
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/en\/order\/AS\d{4}-\d{5}$/)
  const number = /AS\d{4}-\d{5}/.exec(page.url())?.[0]
  if (!number) throw new Error('no order number in the URL')
  return number
}

test('an order prints on A4 without the shop around it: header, menu, footer, banners and buttons hidden', async ({
  page,
  request,
}) => {
  const number = await placeOrder(page, request)
  for (const lang of LANGS) {
    await gotoHydrated(page, `${WORDS[lang].prefix}/order/${number}`)
    const heading = page.locator('.order-page h1')
    await expect(heading).toBeVisible()
    const header = page.locator('.site-header')
    await expect(header).toBeVisible()

    await page.emulateMedia({ media: 'print' })
    for (const chrome of ['.site-header', '.site-footer', '.demo-notice', '.order-page__links']) {
      await expect(page.locator(chrome).first(), chrome).toBeHidden()
    }
    await expect(page.locator('.site-main button:visible, .site-main .button:visible')).toHaveCount(0)
    // The order itself: number, items, totals, delivery address and the tax invoice section.
    await expect(heading).toBeVisible()
    await expect(page.locator('.order-items__line').first()).toBeVisible()
    await expect(page.locator('.cart-summary')).toBeVisible()
    await expect(page.locator('.account-address')).toContainText('1 Phahonyothin Road')
    await expect(page.getByRole('region', { name: lang === 'th' ? 'ใบกำกับภาษี' : 'Tax invoice' })).toBeVisible()
    // Black on white.
    const colours = await page.locator('body').evaluate((body) => ({
      text: getComputedStyle(body).color,
      muted: getComputedStyle(body.querySelector('.account-muted') ?? body).color,
    }))
    expect(colours).toEqual({ text: 'rgb(0, 0, 0)', muted: 'rgb(0, 0, 0)' })

    // Printed to PDF as the browser would: A4 (the page's own @page size), one or two sheets, the order on them
    // and nothing of the shop's header, menu or buttons.
    const pdf = await pdfText(await page.pdf({ preferCSSPageSize: true }))
    expect(Math.round(pdf.pageSize.width)).toBe(595)
    expect(Math.round(pdf.pageSize.height)).toBe(842)
    expect(pdf.pages.length).toBeGreaterThanOrEqual(1)
    expect(pdf.pages.length).toBeLessThanOrEqual(2)
    expect(pdf.text).toContain(number)
    expect(pdf.text).not.toContain(lang === 'th' ? 'ช้อปต่อ' : 'Shop more')
    expect(pdf.text).not.toContain(lang === 'th' ? 'ข้ามไปยังเนื้อหา' : 'Skip to content')
    await page.emulateMedia({ media: 'screen' })
    await expect(header).toBeVisible()
  }
})
