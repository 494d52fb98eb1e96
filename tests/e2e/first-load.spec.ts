import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/**
 * Issue 18 (decision 118): what a page does not need on its first load is not in its entry script or module
 * preloads, and arrives when needed. Each piece is recognised by a string only its own code holds; every marker is
 * also looked for where it must be, so a marker that matched nothing could not pass.
 */
const MARKERS = {
  consentBanner: 'consent-banner',
  menuDialog: 'menu__list',
  searchBox: 'search-box',
  buildWatcher: 'Build id check failed',
  // The phone-number library.
  phoneNumbers: 'INVALID_COUNTRY',
  // The bot check's field and the recently viewed list (issue 29, item 24).
  captchaField: 'altcha-widget',
  recentlyViewed: 'recently-viewed__head',
} as const

/** The text of the entry script and modulepreloads of a page, as a Thai phone gets them. */
async function firstLoadCode(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path, { headers: { 'accept-language': 'th' } })).text()
  const urls = new Set<string>()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1] ?? '')
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(match[1] ?? '')
  urls.delete('')
  expect(urls.size).toBeGreaterThan(0)
  const bodies = await Promise.all([...urls].map(async (url) => (await request.get(url)).text()))
  return bodies.join('\n')
}

/** The script code a page fetched after `action`. */
async function scriptsFetchedDuring(page: Page, action: () => Promise<void>): Promise<string> {
  const bodies: Promise<string>[] = []
  const listener = (response: { url(): string; text(): Promise<string> }) => {
    if (new URL(response.url()).pathname.endsWith('.js')) bodies.push(response.text().catch(() => ''))
  }
  page.on('response', listener)
  await action()
  page.off('response', listener)
  return (await Promise.all(bodies)).join('\n')
}

test('every marker is in the build (in the code loaded later)', () => {
  const dir = '.output/public/assets'
  const code = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(`${dir}/${name}`, 'utf8'))
    .join('\n')
  for (const [name, marker] of Object.entries(MARKERS)) expect(code.includes(marker), name).toBe(true)
})

for (const path of ['/', '/category/dresses', '/product/linen-wrap-dress-1001']) {
  test(`${path}: the first load leaves out the banner, menu, search box, build watcher and phone numbers`, async ({
    request,
  }) => {
    const code = await firstLoadCode(request, path)
    for (const [name, marker] of Object.entries(MARKERS)) expect(code.includes(marker), name).toBe(false)
  })
}

// Issue 29, item 24: the forms check a phone number with rules fetched at their first use, never with the page.
for (const path of ['/account/login', '/account/register']) {
  test(`${path}: the first load leaves out the phone-number library, the bot check and the build watcher`, async ({
    request,
  }) => {
    const code = await firstLoadCode(request, path)
    for (const name of ['phoneNumbers', 'captchaField', 'buildWatcher'] as const) {
      expect(code.includes(MARKERS[name]), name).toBe(false)
    }
  })
}

test('zod is in no chunk of the browser build: the server functions build their schemas inside their validators', () => {
  // Decision 120 (route search readers are plain functions) and 162 (Start strips validators from the client). The
  // marker is zod's own: its core defines it.
  const ZOD = '$ZodType'
  expect(readFileSync('node_modules/zod/v4/core/schemas.js', 'utf8').includes(ZOD)).toBe(true)
  const dir = '.output/public/assets'
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    expect(readFileSync(`${dir}/${name}`, 'utf8').includes(ZOD), name).toBe(false)
  }
})

test('no chunk of the build is left with an unfilled preload helper, and every compressed copy is its chunk', () => {
  // Vite fills `__VITE_PRELOAD__` in every dynamic import; one left over throws when the import runs. The brotli and
  // gzip copies are what browsers get: each must be its file as written (vite.config.ts, compressSmallChunks).
  const dir = '.output/public/assets'
  const names = readdirSync(dir).filter((name) => name.endsWith('.js'))
  expect(names.length).toBeGreaterThan(0)
  let copies = 0
  for (const name of names) {
    const code = readFileSync(`${dir}/${name}`)
    expect(code.includes('__VITE_PRELOAD__'), name).toBe(false)
    if (existsSync(`${dir}/${name}.br`)) {
      copies += 1
      expect(brotliDecompressSync(readFileSync(`${dir}/${name}.br`)).equals(code), `${name}.br`).toBe(true)
    }
    if (existsSync(`${dir}/${name}.gz`)) {
      expect(gunzipSync(readFileSync(`${dir}/${name}.gz`)).equals(code), `${name}.gz`).toBe(true)
    }
  }
  expect(copies).toBeGreaterThan(0)
})

test.describe('loaded when needed', () => {
  // A first visit: no cookie choice yet.
  test.use({ storageState: { cookies: [], origins: [] } })

  test('the banner comes for a first visit, the menu when opened, the search box when opened', async ({ page }) => {
    const atLoad = await scriptsFetchedDuring(page, async () => {
      await gotoHydrated(page, '/')
      await expect(page.locator('.consent-banner')).toBeVisible()
    })
    expect(atLoad).toContain(MARKERS.consentBanner)
    // Usable: the banner's buttons work once its code is there.
    await page.locator('.consent-banner').getByRole('button').nth(1).click()
    await expect(page.locator('.consent-banner')).toHaveCount(0)

    const menu = await scriptsFetchedDuring(page, async () => {
      await page.locator('button[aria-haspopup="dialog"]').first().click()
      await expect(page.locator('#site-menu')).toBeVisible()
    })
    expect(menu).toContain(MARKERS.menuDialog)
    await page.keyboard.press('Escape')

    const search = await scriptsFetchedDuring(page, async () => {
      await page.locator('button[aria-controls="header-search"]').click()
      await expect(page.locator('#header-search .search-box')).toBeVisible()
    })
    expect(search).toContain(MARKERS.searchBox)
  })

  test('the build watcher comes before its first check, 5 s after load', async ({ page }) => {
    const code = await scriptsFetchedDuring(page, async () => {
      const watcher = page.waitForResponse((response) => /\/assets\/build-watch-[^/]+\.js$/.test(response.url()))
      await gotoHydrated(page, '/')
      await watcher
    })
    expect(code).toContain(MARKERS.buildWatcher)
  })

  test('a first visit records the piece without the recently viewed list; a second piece brings the list', async ({
    page,
  }) => {
    const first = await scriptsFetchedDuring(page, async () => {
      await gotoHydrated(page, '/product/linen-wrap-dress-1001')
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('recently_viewed')))
        .toBe('[{"id":"linen-wrap-dress-1001"}]')
      await page.waitForTimeout(500)
    })
    expect(first).not.toContain(MARKERS.recentlyViewed)
    const second = await scriptsFetchedDuring(page, async () => {
      await gotoHydrated(page, '/product/linen-wide-leg-trousers-1004')
      await expect(page.locator('.recently-viewed')).toBeVisible()
    })
    expect(second).toContain(MARKERS.recentlyViewed)
  })
})
