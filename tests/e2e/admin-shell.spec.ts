import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { devices, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test'
import { ADMIN_ASSETS_URL } from '../../scripts/admin-build'
import { JS_PAGES, PRODUCT, type JsPage } from '../../scripts/js-pages.mjs'
import { ADMIN_BUNDLE_MARKER } from '../../src/admin/marker'
import { createMember, logIn } from './accounts'
import { expectNoViolations, openAdmin, staffCookies } from './support/admin'
import { expect, test } from './test'

/**
 * The back office's shell (issue 31, decision 177): a client-only app at /admin (Thai) and /en/admin (English), served
 * by the shop's server ahead of its catch-all route, and not one byte of it in a shopper's load.
 */

const API = '/api/public/demo'

/** Every built file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

test.describe('the back office is not in a shopper’s load', () => {
  test('the marker is in the admin build and in no file of the shop’s browser build', () => {
    const adminFiles = filesUnder('.output/public/admin-assets').filter((file) => file.endsWith('.js'))
    expect(adminFiles.length).toBeGreaterThan(0)
    expect(adminFiles.some((file) => readFileSync(file, 'utf8').includes(ADMIN_BUNDLE_MARKER))).toBe(true)
    const shopFiles = filesUnder('.output/public').filter(
      (file) => !file.startsWith(join('.output/public/admin-assets')) && /\.(?:js|css|html|json)$/.test(file),
    )
    expect(shopFiles.length).toBeGreaterThan(10)
    expect(shopFiles.filter((file) => readFileSync(file, 'utf8').includes(ADMIN_BUNDLE_MARKER))).toEqual([])
  })

  /** A shopper's browser context, as bench-js makes them (scripts/js-pages.mjs). */
  async function shopperContext(browser: Browser, request: APIRequestContext, shopper: JsPage['shopper']) {
    // A first visit has no cookies at all (the suite's default context has answered the cookie banner).
    const context = await browser.newContext(shopper === 'first' ? { storageState: { cookies: [], origins: [] } } : {})
    if (shopper === 'cart') {
      const product = (await (
        await request.get(`${API}/products/${PRODUCT.split('/').at(-1)}?lang=th&currency=thb`)
      ).json()) as {
        variants: Array<{ sku: string; available_online: boolean; low_stock: boolean }>
      }
      const variant = product.variants.find((v) => v.available_online && !v.low_stock) ?? product.variants[0]
      const cart = (await (
        await request.post(`${API}/cart/items?lang=th&currency=thb`, { data: { sku: variant?.sku, quantity: 1 } })
      ).json()) as { cart_token: string }
      expect(cart.cart_token).toBeTruthy()
      const { baseURL } = test.info().project.use
      await context.addCookies([{ name: 'cart_token', value: cart.cart_token, url: baseURL ?? '' }])
    }
    return context
  }

  /** Every response of `context` from now on: its URL, and the text of every script. */
  function watch(context: BrowserContext) {
    const urls: string[] = []
    const scripts: Array<Promise<{ url: string; text: string }>> = []
    context.on('response', (response) => {
      urls.push(response.url())
      if (response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js')) {
        scripts.push(
          response
            .text()
            .then((text) => ({ url: response.url(), text }))
            .catch(() => ({ url: response.url(), text: '' })),
        )
      }
    })
    return { urls, scripts }
  }

  for (const shopper of ['first', 'cart', 'member'] as const) {
    const pages = JS_PAGES.filter((page) => page.shopper === shopper)
    test(`${shopper === 'first' ? 'a first visit' : shopper === 'cart' ? 'a guest with a cart' : 'a member'}: ${pages.map((page) => page.name).join(', ')} request nothing of it`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000)
      const context = await shopperContext(browser, request, shopper)
      const seen = watch(context)
      const page = await context.newPage()
      if (shopper === 'member') await logIn(page, request, await createMember(request))
      const { baseURL } = test.info().project.use
      for (const { path, from } of pages) {
        if (from) await page.goto(from)
        // The checkout is entered from the cart (its guard reads the Referer of a full page load).
        await page.goto(path, { waitUntil: 'networkidle', referer: from ? new URL(from, baseURL).href : undefined })
        await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
      }
      const scripts = await Promise.all(seen.scripts)
      await context.close()
      expect(scripts.length).toBeGreaterThan(pages.length)
      expect(seen.urls.filter((url) => new URL(url).pathname.startsWith(ADMIN_ASSETS_URL))).toEqual([])
      expect(scripts.filter(({ text }) => text.includes(ADMIN_BUNDLE_MARKER)).map(({ url }) => url)).toEqual([])
    })
  }

  test('the same watch sees the back office where it is: /admin', async ({ browser }) => {
    const context = await browser.newContext()
    const seen = watch(context)
    const page = await context.newPage()
    await openAdmin(page, '/admin')
    const scripts = await Promise.all(seen.scripts)
    await context.close()
    expect(seen.urls.some((url) => new URL(url).pathname.startsWith(ADMIN_ASSETS_URL))).toBe(true)
    expect(scripts.some(({ text }) => text.includes(ADMIN_BUNDLE_MARKER))).toBe(true)
  })
})

test.describe('the back office’s page', () => {
  test('answers every back-office path with the app, ahead of the catch-all, with strict headers', async ({
    request,
  }) => {
    for (const path of ['/admin', '/admin/', '/admin/orders?page=2', '/admin/xyz', '/en/admin', '/en/admin/xyz']) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(200)
      const headers = response.headers()
      expect(headers['content-type']).toContain('text/html')
      expect(headers['content-security-policy']).toContain("script-src 'self';")
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(headers['content-security-policy']).not.toContain('nonce-')
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(headers['cache-control']).toBe('no-store')
      const html = await response.text()
      expect(html).toContain('<div id="admin-root">')
      expect(html).toContain(`<html lang="${path.startsWith('/en/') ? 'en' : 'th'}"`)
      expect(html).toContain(`src="${ADMIN_ASSETS_URL}assets/`)
    }
  })

  test('takes GET and HEAD only', async ({ request }) => {
    const head = await request.head('/en/admin/orders')
    expect(head.status()).toBe(200)
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await request.fetch('/admin/orders', { method, data: {} })
      expect(response.status(), method).toBe(405)
      expect(response.headers()['allow']).toBe('GET, HEAD')
    }
  })

  test('leaves the shop’s paths alone: /administrator is the shop’s 404, pages keep their own CSP', async ({
    request,
  }) => {
    const other = await request.get('/administrator')
    expect(other.status()).toBe(404)
    expect(await other.text()).not.toContain('admin-root')
    const shop = await request.get('/en')
    expect(shop.headers()['content-security-policy']).toMatch(/'nonce-/)
    expect(shop.headers()['x-frame-options']).toBe('SAMEORIGIN')
  })

  test('serves its hashed files compressed and immutable; an unknown file is a 404, not a page', async ({
    request,
  }) => {
    const html = await (await request.get('/admin')).text()
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(script).toMatch(/^\/admin-assets\/assets\/.+\.js$/)
    const response = await request.get(script, { headers: { 'accept-encoding': 'br' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers()['content-encoding']).toBe('br')
    const missing = await request.get('/admin-assets/assets/nothing-here.js')
    expect(missing.status()).toBe(404)
    expect(await missing.text()).not.toContain('<html')
  })
})

test.describe('the back office’s shell', () => {
  // Its screens are a signed-in staff member's (an owner, who may open every one); the sign-in has a test of its own.
  test.beforeEach(async ({ context, playwright, baseURL }) => {
    await context.addCookies(await staffCookies(playwright, baseURL))
  })

  test('without a session, a screen lands on the sign-in, which keeps the way back', async ({ browser }) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openAdmin(page, '/en/admin/orders?page=2')
    await expect(page).toHaveURL(/\/en\/admin\/sign-in\?redirect=%2Forders%3Fpage%3D2$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText(['Sign in'])
    await context.close()
  })

  test('/admin is in Thai, with the shop’s name, "Back office" and its landmarks @mobile', async ({ page }) => {
    await openAdmin(page, '/admin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'th')
    const banner = page.getByRole('banner')
    await expect(banner).toContainText('ATELIER SIAM')
    await expect(banner).toContainText('ระบบหลังร้าน')
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'วันนี้' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'งานที่รออยู่' })).toBeVisible()
    await expect(page).toHaveTitle('หน้าแรก · ระบบหลังร้าน · ATELIER SIAM')
    await expectNoViolations(page, '/admin')
  })

  test('/en/admin is in English @mobile', async ({ page }) => {
    await openAdmin(page, '/en/admin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('banner')).toContainText('Back office')
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Work waiting' })).toBeVisible()
    await expectNoViolations(page, '/en/admin')
  })

  test('the language switch goes to the same screen in the other language', async ({ page }) => {
    await openAdmin(page, '/admin/orders?page=2')
    await page.getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/en\/admin\/orders\?page=2$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await page.getByRole('link', { name: 'ไทย' }).click()
    await expect(page).toHaveURL(/\/admin\/orders\?page=2$/)
    await expect(page.getByRole('heading', { level: 1, name: 'คำสั่งซื้อ' })).toBeVisible()
  })

  // A wide screen's focus order (the desktop project; the phone's folded navigation is tested below).
  test('keyboard: the skip link comes first and lands in main; the focus order follows the page', async ({ page }) => {
    await openAdmin(page, '/en/admin')
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement
        return element ? `${element.tagName.toLowerCase()}:${element.textContent?.trim() ?? ''}` : ''
      })
    // An owner's: every screen, in the navigation's groups, then the staff's own and the sign-out.
    const expected = [
      'a:Skip to content',
      'a:ATELIER SIAMBack office',
      'a:ไทย',
      'a:Home',
      'a:Orders',
      'a:Slips to review',
      'a:Reports',
      'a:Members',
      'a:Privacy requests',
      'a:Products',
      'a:Pictures',
      'a:Stock',
      'a:Prices',
      'a:Promotions',
      'a:Import and export',
      'a:Pages',
      'a:Site',
      'a:Staff',
      'a:Roles',
      'a:API keys',
      'a:Staff sessions',
      'a:Audit log',
      'a:My sessions',
      'a:My alerts',
      'button:Sign out',
    ]
    const order: string[] = []
    for (let i = 0; i < expected.length; i++) {
      await page.keyboard.press('Tab')
      order.push(await focused())
    }
    expect(order).toEqual(expected)
    for (let i = 1; i < expected.length; i++) await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('#admin-main')).toBeFocused()
    // A navigation by keyboard moves the focus to the new screen.
    await page.getByRole('link', { name: 'Orders' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await expect(page.locator('#admin-main')).toBeFocused()
  })

  test('a deep link loads the app at its screen: /admin/orders?page=2, sorted by keyboard in the URL', async ({
    page,
  }) => {
    const csp: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) csp.push(message.text())
    })
    const response = await openAdmin(page, '/admin/orders?page=2')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/admin\/orders\?page=2$/)
    await expect(page.getByRole('heading', { level: 1, name: 'คำสั่งซื้อ' })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'ระบบหลังร้าน' }).getByRole('link', { name: 'คำสั่งซื้อ' }),
    ).toHaveAttribute('aria-current', 'page')
    const table = page.getByRole('table', { name: 'คำสั่งซื้อ หน้า 2' })
    await expect(table).toBeVisible()
    // The page came from the admin API (issue 31 item 5): no failure in the table's place.
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByRole('columnheader', { name: /วันที่สั่ง/ })).toHaveAttribute('aria-sort', 'descending')
    await page.getByRole('button', { name: /ยอดรวม/ }).focus()
    await page.keyboard.press('Enter')
    // A new order starts at the first page (the default, left out of the URL).
    await expect(page).toHaveURL(/\/admin\/orders\?sort=total(?:&dir=asc)?$/)
    await expect(page.getByRole('columnheader', { name: /ยอดรวม/ })).toHaveAttribute(
      'aria-sort',
      /ascending|descending/,
    )
    await expectNoViolations(page, '/admin/orders?page=2')
    expect(csp).toEqual([])
  })

  test('a malformed list URL is put right, not refused: /admin/orders?page=zero&sort=evil', async ({ page }) => {
    await openAdmin(page, '/en/admin/orders?page=zero&sort=evil&size=7')
    await expect(page).toHaveURL(/\/en\/admin\/orders$/)
    await expect(page.getByRole('table', { name: 'Orders, page 1' })).toBeVisible()
  })

  test('an unknown back-office path shows the back office’s not-found screen, in its language', async ({ page }) => {
    await openAdmin(page, '/admin/xyz')
    await expect(page.getByRole('heading', { level: 1, name: 'ไม่พบหน้านี้' })).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('ระบบหลังร้าน')
    await expectNoViolations(page, '/admin/xyz')
    await openAdmin(page, '/en/admin/xyz/deeper')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back office home' }).click()
    await expect(page).toHaveURL(/\/en\/admin$/)
  })
})

test.describe('the back office’s sign-in', () => {
  test('the sign-in asks for the e-mail address first, checks it, then asks for the code sent to it', async ({
    page,
  }) => {
    await openAdmin(page, '/en/admin/sign-in')
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible()
    const email = page.getByRole('textbox', { name: 'Work e-mail address' })
    await email.fill('not an address')
    await email.press('Enter')
    await expect(page.getByText('Enter an e-mail address such as name@example.com.')).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toBeFocused()
    await email.fill('nok@example.com')
    await email.press('Enter')
    // The same answer whether or not the address is staff's.
    await expect(page.getByRole('textbox', { name: 'Code from the e-mail' })).toBeVisible()
    await expect(page.getByText(/We sent a 6-digit code to nok@example\.com \(reference \w+\)\./)).toBeVisible()
    await expectNoViolations(page, '/en/admin/sign-in')
  })
})

test.describe('the back office’s shell on a phone', () => {
  // A Pixel 7, as the shop's phone specs (listings-phone, layout-shift) set it.
  const pixel = devices['Pixel 7']
  test.use({
    viewport: pixel.viewport,
    userAgent: pixel.userAgent,
    deviceScaleFactor: pixel.deviceScaleFactor,
    isMobile: pixel.isMobile,
    hasTouch: pixel.hasTouch,
  })
  test.beforeEach(async ({ context, playwright, baseURL }) => {
    await context.addCookies(await staffCookies(playwright, baseURL))
  })

  test('the navigation folds behind Menu, opens and closes by keyboard', async ({ page }) => {
    await openAdmin(page, '/admin')
    const menu = page.getByRole('button', { name: 'เมนู' })
    const nav = page.locator('#admin-nav')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(nav).toBeVisible()
    await page.getByRole('link', { name: 'คำสั่งซื้อ' }).focus()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(menu).toBeFocused()
    await menu.press('Enter')
    await page.getByRole('link', { name: 'คำสั่งซื้อ' }).click()
    await expect(page).toHaveURL(/\/admin\/orders$/)
    await expect(nav).toBeHidden()
    // Nothing is wider than the phone: a table scrolls inside its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoViolations(page, '/admin/orders on a phone')
  })
})
