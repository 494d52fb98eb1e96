import type { APIRequestContext } from '@playwright/test'
import { checkStructuredData, jsonLdOfHtml, typesIn } from '../../src/seo/structured-data-check'
import { gotoHydrated } from './hydration'
import { expect, test } from './test'

/**
 * Issue 19, item 4 (decision 134): every page of §2, in Thai and in English, has the sharing tags (Open Graph and
 * Twitter cards, a picture with its text), and the structured data of the pages that have some holds every field
 * Google requires and recommends. Read from the server's HTML, as a crawler or a chat app's preview reads it.
 */

const SITE = 'https://shop.example.com'

/** The routes of §2 (the member pages send a guest to the login page, which is checked as itself). */
const ROUTES = [
  '/',
  '/about-us',
  '/account/login',
  '/account/register',
  '/account/confirm-otp',
  '/cart',
  '/checkout',
  '/category',
  '/category/dresses',
  '/collection',
  '/collection/rainy-season-2026',
  '/collection/rainy-season-2026/rainy-season-2026-knits',
  '/editorials',
  '/editorials/chiang-mai-store-opening',
  '/product',
  '/product/linen-wrap-dress-1001',
  '/search',
  '/search?q=dress',
  '/scan',
  '/wishlist',
  '/stores',
  '/delivery',
  '/privacy-policy',
  '/terms-and-conditions',
  '/quick-pass',
  '/careers',
]

const DRESS = 'linen-wrap-dress-1001'

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The page's <meta> tags by property or name (each must be there once), and its canonical link. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const meta = new Map<string, string[]>()
  for (const [, attributes = ''] of head.matchAll(/<meta\s([^>]*)>/g)) {
    const attrs = Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k = '', v = '']) => [k, decode(v)]),
    )
    const key = attrs.property ?? attrs.name
    if (key) meta.set(key, [...(meta.get(key) ?? []), attrs.content ?? ''])
  }
  const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(head)?.[1]
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1]
  return { meta, canonical: canonical ? decode(canonical) : undefined, title: title ? decode(title) : undefined }
}

async function page(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  return response.text()
}

const localised = (path: string, lang: 'th' | 'en') => (lang === 'th' ? path : path === '/' ? '/en' : `/en${path}`)

test('every page of §2 has Open Graph and Twitter card tags, in Thai and English', async ({ request }) => {
  test.setTimeout(120_000)
  for (const route of ROUTES) {
    for (const lang of ['th', 'en'] as const) {
      const path = localised(route, lang)
      const { meta, canonical, title } = headOf(await page(request, path))
      const one = (key: string) => {
        const values = meta.get(key) ?? []
        expect(values, `${path}: ${key}`).toHaveLength(1)
        expect(values[0], `${path}: ${key}`).not.toBe('')
        return values[0] ?? ''
      }
      expect(one('og:title'), path).toBe(title)
      expect(one('twitter:title'), path).toBe(title)
      expect(one('og:description'), path).toBe(one('description'))
      expect(one('twitter:description'), path).toBe(one('description'))
      expect(one('og:url'), path).toBe(canonical)
      expect(one('og:site_name')).toBe('ATELIER SIAM')
      expect(one('og:type'), path).toBe(route.startsWith('/product/') ? 'product' : 'website')
      expect(one('og:locale'), path).toBe(lang === 'th' ? 'th_TH' : 'en_US')
      expect(one('og:locale:alternate'), path).toBe(lang === 'th' ? 'en_US' : 'th_TH')
      const image = one('og:image')
      expect(image, path).toMatch(/^https:\/\/shop\.example\.com\//)
      expect(one('twitter:image'), path).toBe(image)
      expect(one('twitter:image:alt'), path).toBe(one('og:image:alt'))
      expect(Number(one('og:image:width')), path).toBeGreaterThanOrEqual(1200)
      expect(Number(one('og:image:height')), path).toBeGreaterThanOrEqual(630)
      expect(one('og:image:type'), path).toMatch(/^image\/(png|jpeg)$/)
      expect(one('twitter:card'), path).toBe('summary_large_image')
      if (route.startsWith('/product/')) {
        expect(image, path).toMatch(/fm=jpeg/)
      } else {
        expect(image, path).toBe(`${SITE}/brand/share-1200x630.png`)
        expect(one('og:image:alt'), path).toMatch(lang === 'th' ? /เสื้อผ้า/ : /clothing, bags, shoes/)
      }
    }
  }
})

test('the pictures the tags name are there: the share picture and a product picture at the declared size', async ({
  request,
}) => {
  const share = await request.get('/brand/share-1200x630.png')
  expect(share.status()).toBe(200)
  expect(share.headers()['content-type']).toBe('image/png')
  const { meta } = headOf(await page(request, `/en/product/${DRESS}`))
  const image = new URL(meta.get('og:image')?.[0] ?? '')
  const picture = await request.get(`${image.pathname}${image.search}`)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/jpeg')
  expect(meta.get('og:image:alt')?.[0]).toBeTruthy()
})

/** The JSON-LD documents of a page, each checked against Google's fields. */
async function structuredData(request: APIRequestContext, path: string) {
  const documents = jsonLdOfHtml(await page(request, path))
  for (const document of documents) expect(checkStructuredData(document), path).toEqual([])
  return documents
}

for (const lang of ['th', 'en'] as const) {
  test(`structured data holds Google's required and recommended fields (${lang})`, async ({ request }) => {
    const home = await structuredData(request, localised('/', lang))
    expect(typesIn(home)).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'SearchAction']))
    const site = home.flat().find((node) => typesIn(node)[0] === 'WebSite') as {
      potentialAction: { target: { urlTemplate: string } }
    }
    expect(site.potentialAction.target.urlTemplate).toBe(`${SITE}${localised('/search', lang)}?q={search_term_string}`)

    const product = await structuredData(request, localised(`/product/${DRESS}`, lang))
    expect(typesIn(product)).toEqual(
      expect.arrayContaining([
        'ProductGroup',
        'Offer',
        'OfferShippingDetails',
        'MerchantReturnPolicy',
        'BreadcrumbList',
      ]),
    )

    const stores = await structuredData(request, localised('/stores', lang))
    expect(typesIn(stores).filter((type) => type === 'Store').length).toBeGreaterThanOrEqual(5)

    const listing = await structuredData(request, localised('/category/dresses', lang))
    expect(typesIn(listing)).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']))
  })
}

test('a sale product: the sale price with the price before it struck through, and no return', async ({ request }) => {
  type Page = { items: Array<{ id: string; price: { amount: number }; compare_at_price: { amount: number } | null }> }
  const sale = (await (
    await request.get('/api/public/demo/products?tag=sale&lang=en&currency=usd&page_size=1')
  ).json()) as Page
  const item = sale.items[0]
  if (!item?.compare_at_price) throw new Error('the demo catalog has no product on sale')
  // A visitor abroad sees USD (the test server looks the country up from the CDN's header).
  const response = await request.get(`/en/product/${item.id}`, { headers: { 'cf-ipcountry': 'US' } })
  const documents = jsonLdOfHtml(await response.text())
  for (const document of documents) expect(checkStructuredData(document)).toEqual([])
  type Offer = {
    price: number
    priceCurrency: string
    priceSpecification?: { priceType: string; price: number }
    hasMerchantReturnPolicy: Array<{ returnPolicyCategory: string }>
  }
  const group = documents.find((document) => ['ProductGroup', 'Product'].includes(typesIn(document)[0] ?? '')) as {
    offers?: Offer
    hasVariant?: Array<{ offers?: Offer }>
  }
  const offer = group.hasVariant?.[0]?.offers ?? group.offers
  expect(offer?.priceSpecification?.priceType).toBe('https://schema.org/StrikethroughPrice')
  expect(offer?.priceSpecification?.price).toBeGreaterThan(offer?.price ?? Infinity)
  expect(offer?.hasMerchantReturnPolicy.map((policy) => policy.returnPolicyCategory)).toEqual(
    expect.arrayContaining(['https://schema.org/MerchantReturnNotPermitted']),
  )
  expect(
    offer?.hasMerchantReturnPolicy.some((policy) => policy.returnPolicyCategory.endsWith('FiniteReturnWindow')),
  ).toBe(false)
})

test('shoes offer delivery within Thailand only', async ({ request }) => {
  type Page = { items: Array<{ id: string }> }
  const shoes = (await (
    await request.get('/api/public/demo/products?category=shoes&lang=en&page_size=1')
  ).json()) as Page
  const id = shoes.items[0]?.id
  if (!id) throw new Error('the demo catalog has no shoes')
  const documents = jsonLdOfHtml(await page(request, `/en/product/${id}`))
  type Offer = { shippingDetails: Array<{ shippingDestination: unknown }> }
  const group = documents.find((document) => ['ProductGroup', 'Product'].includes(typesIn(document)[0] ?? '')) as {
    offers?: Offer
    hasVariant?: Array<{ offers?: Offer }>
  }
  const offers = [group.offers, ...(group.hasVariant ?? []).map((variant) => variant.offers)].filter(Boolean) as Offer[]
  expect(offers.length).toBeGreaterThan(0)
  for (const offer of offers) {
    expect(offer.shippingDetails).toEqual([
      expect.objectContaining({ shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'TH' } }),
    ])
  }
})

test('structured data stays after hydration and never describes another page after a client navigation', async ({
  page,
}) => {
  const scripts = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ''),
    )
  await gotoHydrated(page, `/en/product/${DRESS}`)
  const hydrated = await scripts()
  expect(hydrated.map((text) => typesIn(JSON.parse(text) as unknown)[0])).toEqual(
    expect.arrayContaining(['BreadcrumbList', 'ProductGroup']),
  )
  expect(hydrated.join(' ')).toContain(DRESS)

  const title = (await page.locator('h1').textContent()) ?? ''
  await page.locator('main .product-card a[href*="/product/"]').first().click()
  await expect(page).not.toHaveURL(new RegExp(`${DRESS}$`))
  // The address changes when the navigation starts; the old page stays until the new one is loaded.
  await expect(page.locator('h1')).not.toHaveText(title)
  await expect.poll(async () => (await scripts()).join(' ')).not.toContain(DRESS)
  const after = await scripts()
  for (const text of after) expect(() => JSON.parse(text) as unknown).not.toThrow()
})
