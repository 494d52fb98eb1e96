import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { productDetailSchema, productPageSchema } from '~/contract/catalog'
import { migrate } from '~/db/migrate.server'
import { seedDemoData } from '~/db/seed.server'
import { DEMO_EXAMPLES } from '~/db/seed/demo-catalog'
import { createProductApiClient, ProductApiError } from '~/product-api/client'
import { freshDatabase } from './database'

let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
const BASE = 'http://shop.test/api/public/demo'

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(`${BASE}${path}`, { headers })
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers }
}

function field<T = unknown>(value: unknown, ...path: string[]): T {
  let current: unknown = value
  for (const key of path) current = (current as Record<string, unknown>)[key]
  return current as T
}

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({ db: database.db, storeKeys: ['demo'] })
})

afterAll(async () => {
  await database?.close()
})

describe('the product API', () => {
  it('answers an unknown store key with 404 JSON', async () => {
    const response = await app.request('http://shop.test/api/public/other/products')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 404, message: 'Unknown store' })
  })

  it('pages products 25 at a time, in snake_case, with the documented shape', async () => {
    const { status, body } = await get('/products')
    expect(status).toBe(200)
    const page = productPageSchema.parse(body)
    expect(page.page_size).toBe(25)
    expect(page.items).toHaveLength(25)
    // Families (one card each, decision 091) of the 320 rows.
    expect(page.total).toBeGreaterThanOrEqual(100)
    expect(Object.keys(page.items[0] ?? {})).toContain('compare_at_price')
  })

  it('refuses bad input with 400 and a message per field, never 500', async () => {
    for (const query of [
      '?page_size=1000',
      '?sort=cheapest',
      '?page=0',
      '?min_price=-5',
      '?min_price=900&max_price=100',
    ]) {
      const { status, body } = await get(`/products${query}`)
      expect(status, query).toBe(400)
      expect(field(body, 'code')).toBe(400)
      expect(Object.keys(field<Record<string, string>>(body, 'fields')).length, query).toBeGreaterThan(0)
    }
    expect((await get('/products/Bad%20Id')).status).toBe(400)
    expect((await get('/search')).status).toBe(400)
    expect((await get(`/search?q=${'x'.repeat(101)}`)).status).toBe(400)
  })

  it('filters by category, size, availability and price, and sorts by price', async () => {
    const dresses = productPageSchema.parse((await get('/products?category=dresses&page_size=100')).body)
    expect(dresses.total).toBeGreaterThan(0)
    expect(dresses.items.every((item) => item.category.slug === 'dresses')).toBe(true)

    const sizeM = productPageSchema.parse((await get('/products?category=dresses&size=M&available=true')).body)
    expect(sizeM.items.length).toBeGreaterThan(0)
    for (const item of sizeM.items) expect(item.sizes.some((size) => size.size === 'M')).toBe(true)

    const cheap = productPageSchema.parse((await get('/products?max_price=1000&sort=price_asc')).body)
    const prices = cheap.items.map((item) => item.price.amount)
    expect(prices.every((price) => price <= 100_000)).toBe(true)
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)

    const usd = productPageSchema.parse((await get('/products?currency=usd&sort=price_desc')).body)
    expect(usd.items[0]?.price.currency).toBe('usd')
  })

  it('gives a product with sizes, stock, relations, in Thai or English; 404 for an unknown one', async () => {
    const th = productDetailSchema.parse((await get(`/products/${DEMO_EXAMPLES.partlySoldOutProductId}`)).body)
    const en = productDetailSchema.parse((await get(`/products/${DEMO_EXAMPLES.partlySoldOutProductId}?lang=en`)).body)
    expect(th.name).not.toBe(en.name)
    expect(th.variants.find((variant) => variant.size === DEMO_EXAMPLES.partlySoldOutSize)?.available_online).toBe(
      false,
    )
    expect(th.match_with.length).toBeGreaterThan(0)
    expect(th.you_may_also_like.every((item) => item.id !== th.id)).toBe(true)

    const soldOut = productDetailSchema.parse((await get(`/products/${DEMO_EXAMPLES.soldOutProductId}`)).body)
    expect(soldOut.available_online).toBe(false)
    expect(soldOut.available_in_store).toBe(false)
    const inStore = productDetailSchema.parse((await get(`/products/${DEMO_EXAMPLES.inStoreOnlyProductId}`)).body)
    expect(inStore.available_online).toBe(false)
    expect(inStore.available_in_store).toBe(true)

    const missing = await get('/products/does-not-exist')
    expect(missing).toMatchObject({ status: 404, body: { code: 404, message: 'NO PRODUCT FOUND' } })
  })

  it('finds dresses for a Thai query and for an English query with a typo', async () => {
    for (const q of ['เดรส', 'dres', 'dreses', 'dresss', 'DRESS']) {
      const { status, body } = await get(`/search?q=${encodeURIComponent(q)}&lang=en`)
      expect(status, q).toBe(200)
      const items = field<Array<{ category: { slug: string } }>>(body, 'items')
      expect(items.length, q).toBeGreaterThan(0)
      expect(items[0]?.category.slug, q).toBe('dresses')
    }
    const nothing = await get('/search?q=zzqqxxjj')
    expect(field(nothing.body, 'total')).toBe(0)
    // The demo catalog stays under the count's cap (1,000): its totals are exact.
    const linen = await get('/search?q=black%20linen%20dress&lang=en')
    expect(field(linen.body, 'total')).toBeGreaterThan(0)
    expect(field(linen.body, 'total_is_lower_bound')).toBe(false)
  })

  it('suggests categories and products while typing', async () => {
    const { body } = await get('/search/suggestions?q=dre&lang=en')
    const suggestions = field<Array<{ kind: string; id: string }>>(body, 'suggestions')
    expect(suggestions.some((s) => s.kind === 'category' && s.id === 'dresses')).toBe(true)
    expect(suggestions.some((s) => s.kind === 'product')).toBe(true)
  })

  it('lists six stores and which sizes each holds', async () => {
    const stores = field<unknown[]>((await get('/stores')).body, 'items')
    expect(stores).toHaveLength(6)
    const stock = await get(`/products/${DEMO_EXAMPLES.inStoreOnlyProductId}/stores`)
    const held = field<Array<{ sizes: unknown[] }>>(stock.body, 'stores').filter((store) => store.sizes.length > 0)
    expect(held.length).toBeGreaterThan(0)
    expect((await get('/products/does-not-exist/stores')).status).toBe(404)
  })

  it('resolves a scanned barcode to its product and size', async () => {
    const detail = productDetailSchema.parse((await get(`/products/${DEMO_EXAMPLES.dressWithSizes}`)).body)
    const variant = detail.variants[0]
    expect(variant).toBeDefined()
    const { status, body } = await get(`/scan/${variant?.barcode ?? ''}`)
    expect(status).toBe(200)
    expect(body).toEqual({
      product_id: detail.id,
      family_id: detail.family_id,
      color_slug: detail.color.slug,
      size: variant?.size,
    })
    expect((await get('/scan/0000000000000')).status).toBe(404)
  })

  it('serves collections with sub-collections, editorials and content pages', async () => {
    const collections = field<Array<{ slug: string; children: Array<{ slug: string }> }>>(
      (await get('/collections')).body,
      'items',
    )
    expect(collections.length).toBeGreaterThanOrEqual(6)
    const parent = collections[0]
    const child = parent?.children[0]
    expect(child).toBeDefined()
    expect((await get(`/collections/${child?.slug}?parent=${parent?.slug}`)).status).toBe(200)
    expect((await get(`/collections/${child?.slug}?parent=${collections[1]?.slug}`)).status).toBe(404)
    const editorials = field<Array<{ slug: string }>>((await get('/editorials')).body, 'items')
    expect(editorials).toHaveLength(4)
    const editorial = await get(`/editorials/${editorials[0]?.slug}?lang=en`)
    expect(field<unknown[]>(editorial.body, 'blocks').length).toBeGreaterThan(3)
    expect(field((await get('/content/careers?lang=en')).body, 'title')).toBe('Careers')
    expect((await get('/content/nope')).status).toBe(404)
  })

  it('tells where the caller is from the CDN country header, Thailand by default', async () => {
    expect((await get('/ip-api/info', { 'cf-ipcountry': 'SG', 'x-forwarded-for': '203.0.113.9' })).body).toEqual({
      country: 'Singapore',
      country_code: 'SG',
      query: '203.0.113.9',
    })
    expect(field((await get('/ip-api/info')).body, 'country_code')).toBe('TH')
  })

  it('publishes an OpenAPI 3.1 document generated from its schemas', async () => {
    const { status, body } = await get('/openapi.json')
    expect(status).toBe(200)
    expect(field(body, 'openapi')).toBe('3.1.0')
    const paths = Object.keys(field<Record<string, unknown>>(body, 'paths'))
    expect(paths).toEqual(expect.arrayContaining(['/api/public/{storeKey}/products', '/api/public/{storeKey}/search']))
  })

  it('migrates and seeds idempotently', async () => {
    const before = productPageSchema.parse((await get('/products')).body).total
    expect(await migrate(database)).toBe(0)
    expect(await seedDemoData(database)).toBe(false)
    expect(productPageSchema.parse((await get('/products')).body).total).toBe(before)
  })
})

describe('the storefront client of the product API (§7)', () => {
  const client = () =>
    createProductApiClient({ apiUrl: 'http://shop.test/api', storeKey: 'demo', fetch: (request) => app.fetch(request) })

  it('sends snake_case keys and reads camelCase', async () => {
    const page = await client().get('/products', productPageSchema, { pageSize: 5, currency: 'usd' })
    expect(page.pageSize).toBe(5)
    expect(page.items[0]?.price.currency).toBe('usd')
    expect('compareAtPrice' in (page.items[0] ?? {})).toBe(true)
  })

  it("passes the server's error body on", async () => {
    const error = await client()
      .get('/products/does-not-exist', productDetailSchema)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProductApiError)
    expect(error).toMatchObject({ status: 404, code: 404, message: 'NO PRODUCT FOUND' })
  })

  it('turns no response into {code: 503}', async () => {
    const down = createProductApiClient({
      apiUrl: 'http://shop.test/api',
      storeKey: 'demo',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    })
    await expect(down.get('/products', productPageSchema)).rejects.toMatchObject({ status: 503, code: 503 })
    const slow = createProductApiClient({
      apiUrl: 'http://shop.test/api',
      storeKey: 'demo',
      timeoutMs: 20,
      fetch: (request) =>
        new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    })
    await expect(slow.get('/products', productPageSchema)).rejects.toMatchObject({ status: 503 })
  })
})

describe('the product API without its database', () => {
  it('answers 503 with Retry-After, not 500, while PostgreSQL cannot be reached', async () => {
    const { openDatabase } = await import('~/db/client.server')
    // Nothing listens on port 9 of loopback: every query is refused, as when the server is down.
    const down = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/store', dataDir: 'memory' })
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      const offline = createApiApp({ db: down.db, storeKeys: ['demo'] })
      for (const path of ['/products', '/products/linen-wrap-dress-1001', '/search?q=linen', '/stores']) {
        const response = await offline.request(`${BASE}${path}`)
        expect(response.status, path).toBe(503)
        expect(response.headers.get('retry-after')).toBe('5')
        const body = (await response.json()) as { code: number; message: string }
        expect(body.code).toBe(503)
        expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i)
      }
      expect(errors.length).toBeGreaterThan(0)
    } finally {
      console.error = original
      await down.close()
    }
  })
})
