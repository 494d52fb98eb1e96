import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp, type ApiApp } from './api-app'
import { CatalogReads } from '~/api/catalog/catalog-reads'
import { variants } from '~/db/schema'
import { freshDatabase } from './database'

/**
 * The product API's kept catalog answers (issue 18, decision 124), wired as the server wires them: emptied by the
 * database's own change notifications (migration 0014), on PGlite and on PostgreSQL.
 */
describe('catalog answers kept until the catalog changes', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let app: ApiApp
  let listening = false
  let generation = 0
  let reads: CatalogReads
  let stop: () => Promise<void> = async () => undefined
  const BASE = 'http://shop.test/api/public/demo'
  const OPERATOR = 'integration-operator-token-0123456789'

  beforeAll(async () => {
    database = await freshDatabase()
    reads = new CatalogReads({ active: () => listening, generation: () => generation })
    const changed = () => {
      generation += 1
      reads.clear()
    }
    stop = await database.listen('catalog_changed', {
      notify: changed,
      up: () => {
        changed()
        listening = true
      },
      down: () => {
        listening = false
        changed()
      },
    })
    for (let waited = 0; !listening && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20))
    app = createApiApp({
      db: database.db,
      storeKeys: ['demo'],
      catalogReads: reads,
      commerce: { operatorToken: OPERATOR },
    })
  })
  afterAll(async () => {
    await stop()
    await database.close()
  })

  const product = async () => {
    const response = await app.request(`${BASE}/products/linen-wrap-dress-1001?lang=en&currency=thb`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { variants: Array<{ sku: string; available_online: boolean }> }
    return { cache: response.headers.get('X-Catalog-Cache'), body }
  }

  it('answers a product read once from memory, the same as the database said', async () => {
    const first = await product()
    expect(first.cache).toBeNull()
    const second = await product()
    expect(second.cache).toBe('hit')
    expect(second.body).toEqual(first.body)
  })

  it('reads the database again after a change of stock, whoever made it', async () => {
    const { body } = await product()
    const sku = body.variants[0]?.sku ?? ''
    const saved = await app.request(`${BASE}/operator/variants/${encodeURIComponent(sku)}/stock`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stock_online: 0 }),
    })
    expect(saved.status).toBe(204)
    await expect.poll(async () => (await product()).body.variants[0]?.available_online, { timeout: 3_000 }).toBe(false)
    // A change straight in the database (another instance, a script) is heard all the same.
    await database.db.update(variants).set({ stockOnline: 40 }).where(eq(variants.sku, sku))
    await expect.poll(async () => (await product()).body.variants[0]?.available_online, { timeout: 3_000 }).toBe(true)
  })

  it('keeps nothing personal, nothing refused and nothing while changes are not heard', async () => {
    expect((await app.request(`${BASE}/cart?lang=en&currency=thb`)).headers.get('X-Catalog-Cache')).toBeNull()
    expect((await app.request(`${BASE}/cart?lang=en&currency=thb`)).headers.get('X-Catalog-Cache')).toBeNull()
    expect((await app.request(`${BASE}/products/no-such-product`)).status).toBe(404)
    expect((await app.request(`${BASE}/products/no-such-product`)).headers.get('X-Catalog-Cache')).toBeNull()
    listening = false
    try {
      await product()
      expect((await product()).cache).toBeNull()
    } finally {
      listening = true
    }
  })
})
