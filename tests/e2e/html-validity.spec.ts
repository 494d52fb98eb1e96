import { devices, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { codeFor, createMember } from './accounts'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'
import { expect, test } from './test'
import { domOf, expectValidHtml, type HtmlDocument } from './vnu'

/**
 * Issue 19, item 3: the Nu HTML Checker (vnu) finds no error on any page of §2, in Thai and in English: the HTML
 * the server sends, and the DOM after hydration with the parts that change the markup opened (menu, search
 * suggestions, cookie banner and its dialog, size chart, the login-required modals, form errors, the filter sheet).
 * Each test collects its documents and checks them in one vnu run; errors fail with page, line and message,
 * warnings are printed.
 */

const API = '/api/public/demo'
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' }
const DRESS = 'linen-wrap-dress-1001'
const LANGUAGES = [
  {
    lang: 'th',
    prefix: '',
    search: 'เดรส',
    menu: 'เมนู',
    products: 'สินค้า',
    searchButton: 'ค้นหา',
    searchBox: 'ค้นหาสินค้า',
    sizeGuide: 'คู่มือไซซ์',
    sizeChart: 'ตารางไซซ์',
    wish: 'เพิ่มในรายการโปรด',
    pleaseLogIn: 'กรุณาเข้าสู่ระบบ',
    fullName: 'ชื่อ-นามสกุล',
    email: 'อีเมล',
    filters: 'ตัวกรอง',
    cookies: 'คุกกี้',
    personalise: 'ปรับแต่ง',
    manageCookies: 'จัดการคุกกี้',
    continueAsGuest: 'ดำเนินการต่อโดยไม่เป็นสมาชิก',
    edit: 'แก้ไข',
    newAddress: 'เพิ่มที่อยู่ใหม่',
  },
  {
    lang: 'en',
    prefix: '/en',
    search: 'dress',
    menu: 'Menu',
    products: 'Products',
    searchButton: 'Search',
    searchBox: 'Search products',
    sizeGuide: 'Size guide',
    sizeChart: 'Size chart',
    wish: 'Add to wishlist',
    pleaseLogIn: 'Please log in',
    fullName: 'Full name',
    email: 'E-mail',
    filters: 'Filters',
    cookies: 'Cookies',
    personalise: 'Personalise',
    manageCookies: 'Manage cookies',
    continueAsGuest: 'Continue as guest',
    edit: 'Edit',
    newAddress: 'Add a new address',
  },
] as const
type Language = (typeof LANGUAGES)[number]

const localPath = (language: Language, path: string) =>
  language.prefix && path === '/' ? language.prefix : language.prefix + path

/** The pages anyone can open, with the status each must answer (a redirect would check the wrong page). */
const PUBLIC_PAGES: Array<{ path: string | ((language: Language) => string); status?: number }> = [
  { path: '/' },
  { path: '/about-us' },
  { path: '/account/login' },
  { path: '/account/register' },
  // No code waiting: the page says so.
  { path: '/account/confirm-otp' },
  // An empty cart.
  { path: '/cart' },
  { path: '/category' },
  { path: '/category/dresses' },
  { path: '/category/dresses?size=M&sort=price_asc' },
  { path: '/collection' },
  { path: '/collection/rainy-season-2026' },
  { path: '/collection/rainy-season-2026/rainy-season-2026-knits' },
  { path: '/editorials' },
  { path: '/editorials/chiang-mai-store-opening' },
  { path: '/product' },
  { path: '/product?page=2' },
  { path: `/product/${DRESS}` },
  // Sold out, and in the shops only.
  { path: '/product/cotton-poplin-shirt-1002' },
  { path: '/product/thai-silk-pleated-midi-skirt-1003' },
  { path: '/search' },
  { path: (language) => `/search?q=${encodeURIComponent(language.search)}` },
  { path: '/search?q=sneekers' },
  // No result: alternatives instead.
  { path: '/search?q=zzqqxxjj' },
  { path: '/scan' },
  { path: '/wishlist' },
  { path: '/stores' },
  { path: '/delivery' },
  { path: '/privacy-policy' },
  { path: '/terms-and-conditions' },
  { path: '/quick-pass' },
  // The catch-all fallback pages.
  { path: '/careers' },
  { path: '/info' },
  { path: '/supplier-applications' },
  // 404s: an unmatched path, an unknown product, an unknown order's tax invoice (a page of its own).
  { path: '/no/such-page', status: 404 },
  { path: '/product/does-not-exist', status: 404 },
  { path: '/order/AS0000-00000', status: 404 },
  { path: '/order/AS0000-00000/tax-invoice', status: 404 },
  // The demo's outbox (a page of the demo mode).
  { path: '/dev/outbox' },
]

/** §4: checkout is entered from the cart (the server reads the Referer). */
const fromCart = (language: Language) => new URL(localPath(language, '/cart'), test.info().project.use.baseURL).href

/** The server's HTML of a page, with the context's cookies; fails on another status or on something not HTML. */
async function serverHtml(
  context: BrowserContext,
  path: string,
  name: string,
  { status = 200, referer }: { status?: number; referer?: string } = {},
): Promise<HtmlDocument> {
  const response = await context.request.get(path, { maxRedirects: 0, headers: referer ? { referer } : {} })
  expect(response.status(), `${name}: status`).toBe(status)
  expect(response.headers()['content-type'], `${name}: content type`).toMatch(/^text\/html/)
  return { name, html: await response.text() }
}

/** Fetches in small batches: the server and the browser share two cores with the rest of the suite. */
async function inBatches<T>(tasks: Array<() => Promise<T>>, size = 4): Promise<T[]> {
  const results: T[] = []
  for (let start = 0; start < tasks.length; start += size) {
    results.push(...(await Promise.all(tasks.slice(start, start + size).map((task) => task()))))
  }
  return results
}

/** A member's bearer token (= the browser's session cookie), through a real e-mail code login. */
async function logIn(request: APIRequestContext, email: string): Promise<string> {
  const challenge = await loginChallenge(request, email)
  const code = await codeFor(request, email, challenge.ref_code)
  const verified = await request.post(`${API}/auth/verify`, {
    data: { challenge_token: challenge.challenge_token, code },
  })
  expect(verified.status()).toBe(200)
  return ((await verified.json()) as { token: string }).token
}

async function loginChallenge(request: APIRequestContext, email: string) {
  const sent = await request.post(`${API}/auth/login-code`, { data: { identifier: email } })
  expect(sent.status()).toBe(201)
  return (await sent.json()) as { challenge_token: string; ref_code: string }
}

/** A guest cart holding the dress; its token is what the browser keeps in `cart_token`. */
async function guestCart(request: APIRequestContext): Promise<string> {
  const { sku } = await roomyVariant(request, DRESS)
  const added = await request.post(`${API}/cart/items?currency=thb`, { data: { sku, quantity: 1 } })
  expect(added.status()).toBe(201)
  return String(((await added.json()) as { cart_token: string }).cart_token)
}

const ADDRESS = {
  firstname: 'Somsri',
  lastname: 'Valid',
  telephone_number: '0812345678',
  email: 'valid.html@example.com',
  address: '99/1 Phahonyothin Road',
  country: 'TH',
  postcode: '10900',
  sub_district: 'ลาดยาว',
  district: 'จตุจักร',
  province: 'กรุงเทพมหานคร',
}

/** A member with a saved address, a paid order and a piece in the cart; returns the token and the order number. */
async function busyMember(request: APIRequestContext): Promise<{ token: string; order: string }> {
  const member = await createMember(request)
  const token = await logIn(request, member.email)
  const auth = { authorization: `Bearer ${token}` }
  const saved = await request.post(`${API}/me/addresses`, { headers: auth, data: { ...ADDRESS, is_default: true } })
  expect(saved.status()).toBe(201)
  const { sku } = await roomyVariant(request, DRESS)
  expect((await request.post(`${API}/cart/items?currency=thb`, { headers: auth, data: { sku } })).status()).toBe(201)
  const placed = await request.post(`${API}/orders?currency=thb&lang=th`, {
    headers: { ...auth, 'idempotency-key': `html-validity-${Date.now()}-${Math.random()}` },
    data: {
      email: member.email,
      telephone: member.telephone,
      shipping_method: 'pickup',
      store_id: 'siam-paragon',
      payment_method: 'bank_transfer',
    },
  })
  expect(placed.status()).toBe(201)
  const order = ((await placed.json()) as { order: { number: string } }).order.number
  const paid = await request.post(`${API}/operator/orders/${order}/status`, {
    headers: OPERATOR,
    data: { status: 'paid' },
  })
  expect(paid.status()).toBe(200)
  // A piece in the cart again, for the member's cart and checkout.
  expect((await request.post(`${API}/cart/items?currency=thb`, { headers: auth, data: { sku } })).status()).toBe(201)
  return { token, order }
}

/** A fresh browser context holding the given cookies (a session, a cart, a code waiting). */
async function contextWith(browser: Browser, cookies: Record<string, string>) {
  const context = await browser.newContext()
  const entries = Object.entries(cookies).map(([name, value]) => ({
    name,
    value,
    domain: '127.0.0.1',
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
  }))
  if (entries.length > 0) await context.addCookies(entries)
  return context
}

/** A new tab of the context, hydrated; an uncaught error on it is kept in `errors` (as the suite's `page` does). */
async function openPage(context: BrowserContext, url: string, errors: string[], referer?: string): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  if (referer) {
    await page.goto(url, { referer })
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  } else await gotoHydrated(page, url)
  return page
}

test.describe('the Nu HTML Checker finds no error', () => {
  test.describe.configure({ timeout: 90_000 })

  test('in the server HTML of every page of §2, in Thai and English', async ({ browser }, testInfo) => {
    const documents: HtmlDocument[] = []
    for (const language of LANGUAGES) {
      // One context per language: the language cookie of one must not steer the other.
      const context = await browser.newContext()
      documents.push(
        ...(await inBatches(
          PUBLIC_PAGES.map(({ path, status }) => () => {
            const url = localPath(language, typeof path === 'string' ? path : path(language))
            return serverHtml(context, url, `${language.lang} ${url}`, { status })
          }),
        )),
      )
      await context.close()
    }
    await expectValidHtml(documents, testInfo.outputPath('documents'))
  })

  test('on the pages of a member, a cart, a pending code and an order, before and after hydration', async ({
    browser,
    request,
  }, testInfo) => {
    // Two languages × twelve pages, each checked twice (server HTML and DOM) by the Java checker: 60-90 s on a quiet
    // machine, and CI's twice over 90 s with the browser stage's other journeys beside it (each time at the last page).
    test.setTimeout(180_000)
    const [{ token, order }, cartToken, pending] = await Promise.all([
      busyMember(request),
      guestCart(request),
      createMember(request).then((member) => loginChallenge(request, member.email)),
    ])
    const documents: HtmlDocument[] = []
    const errors: string[] = []
    for (const language of LANGUAGES) {
      const p = (path: string) => localPath(language, path)
      const member = await contextWith(browser, { session: token })
      const guest = await contextWith(browser, { cart_token: cartToken })
      const waiting = await contextWith(browser, { otp_challenge: pending.challenge_token })
      const pages: Array<[BrowserContext, string, string]> = [
        [member, p('/account'), 'member'],
        [member, p('/account/more-address'), 'member, one address'],
        [member, p('/account/order-history'), 'member, one order'],
        [member, p('/account/promotion-code'), 'member'],
        [member, p('/wishlist'), 'member'],
        [member, p('/quick-pass'), 'member'],
        [member, p('/cart'), 'member, one piece'],
        [member, p('/checkout'), 'member'],
        [member, p(`/order/${order}`), 'member, paid'],
        [guest, p('/cart'), 'guest, one piece'],
        [guest, p('/checkout'), 'guest'],
        [waiting, p('/account/confirm-otp'), 'code waiting'],
      ]
      documents.push(
        ...(await inBatches(
          pages.map(
            ([context, url, state]) =>
              () =>
                serverHtml(context, url, `${language.lang} ${url} (${state})`, {
                  referer: url.endsWith('/checkout') ? fromCart(language) : undefined,
                }),
          ),
        )),
      )
      // The tax invoice of an order without one asked for is refused with a page of its own (a PDF otherwise).
      const invoice = await member.request.get(p(`/order/${order}/tax-invoice`), { maxRedirects: 0 })
      if (invoice.headers()['content-type']?.startsWith('text/html')) {
        documents.push({ name: `${language.lang} tax invoice of ${order}`, html: await invoice.text() })
      }

      // After hydration: the account with its form open, a new address form, the checkout's modal.
      const account = await openPage(member, p('/account'), errors)
      await account.getByRole('button', { name: language.edit, exact: true }).click()
      await expect(account.getByRole('textbox', { name: language.fullName })).toBeVisible()
      documents.push(await domOf(account, `${language.lang} /account, editing (DOM)`))

      const addresses = await openPage(member, p('/account/more-address'), errors)
      await addresses.getByRole('button', { name: language.newAddress }).click()
      await expect(addresses.locator('.address-book__new form')).toBeVisible()
      documents.push(await domOf(addresses, `${language.lang} /account/more-address, new address form (DOM)`))

      const checkout = await openPage(guest, p('/checkout'), errors, fromCart(language))
      const modal = checkout.getByRole('dialog', { name: language.pleaseLogIn })
      await expect(modal).toBeVisible()
      documents.push(await domOf(checkout, `${language.lang} /checkout, please log in (DOM)`))
      await modal.getByRole('button', { name: language.continueAsGuest }).click()
      await expect(modal).toBeHidden()
      documents.push(await domOf(checkout, `${language.lang} /checkout as a guest (DOM)`))

      const memberCheckout = await openPage(member, p('/checkout'), errors, fromCart(language))
      documents.push(await domOf(memberCheckout, `${language.lang} /checkout, member (DOM)`))

      const confirm = await openPage(waiting, p('/account/confirm-otp'), errors)
      documents.push(await domOf(confirm, `${language.lang} /account/confirm-otp, code waiting (DOM)`))

      const orderPage = await openPage(member, p(`/order/${order}`), errors)
      documents.push(await domOf(orderPage, `${language.lang} /order, paid (DOM)`))

      await Promise.all([member.close(), guest.close(), waiting.close()])
    }
    expect(errors, 'uncaught errors on the pages').toEqual([])
    await expectValidHtml(documents, testInfo.outputPath('documents'))
  })

  for (const language of LANGUAGES) {
    test(`in the DOM with menus, suggestions, dialogs and form errors open, in ${language.lang}`, async ({
      browser,
      page,
    }, testInfo) => {
      const p = (path: string) => localPath(language, path)
      const documents: HtmlDocument[] = []
      const errors: string[] = []

      await gotoHydrated(page, p('/'))
      documents.push(await domOf(page, `${language.lang} home (DOM)`))
      await page.getByRole('button', { name: language.menu }).click()
      const menu = page.getByRole('dialog', { name: language.menu })
      await menu.getByText(language.products, { exact: true }).click()
      await expect(menu.getByRole('link').nth(5)).toBeVisible()
      documents.push(await domOf(page, `${language.lang} home, menu open (DOM)`))
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()

      // The header's search with its suggestions.
      await page.getByRole('button', { name: language.searchButton, exact: true }).click()
      await page.getByRole('combobox', { name: language.searchBox }).fill(language.search)
      await expect(page.getByRole('option').first()).toBeVisible()
      documents.push(await domOf(page, `${language.lang} home, header search suggestions (DOM)`))

      // The search page's box, with an option chosen by the keyboard.
      await gotoHydrated(page, p('/search'))
      const box = page.getByRole('combobox', { name: language.searchBox })
      await box.fill(language.search)
      await expect(page.getByRole('option').first()).toBeVisible()
      await box.press('ArrowDown')
      await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/)
      documents.push(await domOf(page, `${language.lang} /search, suggestions (DOM)`))

      await gotoHydrated(page, p(`/search?q=${encodeURIComponent(language.search)}`))
      documents.push(await domOf(page, `${language.lang} /search with results (DOM)`))

      // The product page: size chart, then the login-required modal of the wishlist.
      await gotoHydrated(page, p(`/product/${DRESS}`))
      await page.getByRole('button', { name: language.sizeGuide }).click()
      await expect(page.getByRole('dialog', { name: language.sizeChart })).toBeVisible()
      documents.push(await domOf(page, `${language.lang} product, size chart (DOM)`))
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: language.wish }).click()
      await expect(page.getByRole('dialog', { name: language.pleaseLogIn })).toBeVisible()
      documents.push(await domOf(page, `${language.lang} product, please log in (DOM)`))

      // The registration form with its field errors shown.
      await gotoHydrated(page, p('/account/register'))
      const fullName = page.getByRole('textbox', { name: language.fullName })
      await fullName.focus()
      await fullName.blur()
      const email = page.getByRole('textbox', { name: language.email })
      await email.fill('not-an-address')
      await email.blur()
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2)
      documents.push(await domOf(page, `${language.lang} /account/register with errors (DOM)`))

      // A first visit: the cookie banner, then its personalise dialog.
      const firstVisit = await browser.newContext({ storageState: { cookies: [], origins: [] } })
      const visitor = await openPage(firstVisit, p('/'), errors)
      const banner = visitor.getByRole('region', { name: language.cookies })
      await expect(banner).toBeVisible()
      documents.push(await domOf(visitor, `${language.lang} home, cookie banner (DOM)`))
      await banner.getByRole('button', { name: language.personalise }).click()
      await expect(visitor.getByRole('dialog', { name: language.manageCookies })).toBeVisible()
      documents.push(await domOf(visitor, `${language.lang} home, cookie preferences (DOM)`))
      await firstVisit.close()

      // On a phone: the listing's filter sheet.
      const phone = await browser.newContext({ ...devices['Pixel 7'] })
      const shopper = await openPage(phone, p('/category/dresses'), errors)
      await shopper.getByRole('button', { name: language.filters }).click()
      await expect(shopper.getByRole('dialog', { name: language.filters })).toBeVisible()
      documents.push(await domOf(shopper, `${language.lang} /category/dresses on a phone, filters open (DOM)`))
      await phone.close()

      expect(errors, 'uncaught errors on the pages').toEqual([])
      await expectValidHtml(documents, testInfo.outputPath('documents'))
    })
  }
})
