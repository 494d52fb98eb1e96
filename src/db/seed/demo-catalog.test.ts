import { describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '~/catalog/categories'
import { buildDemoCatalog, DEMO_DEFAULT_PRODUCT_COUNT, DEMO_EXAMPLES } from '~/db/seed/demo-catalog'
import { CURRENCIES } from '~/domain/money'
import { MIX_MATCH_BUNDLE_PRICES, MIX_MATCH_SAVING_PERCENT } from '~/domain/mix-match'
import { priceCart } from '~/domain/pricing'

const catalog = buildDemoCatalog()
const { products, variants, storeStock } = catalog

const unique = (values: readonly string[]): boolean => new Set(values).size === values.length
const countBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}
const validEan13 = (code: string): boolean => {
  if (!/^\d{13}$/.test(code)) return false
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10 === Number(code[12])
}
const variantsOf = (productId: string) => variants.filter((v) => v.productId === productId)
const storeUnits = (sku: string): number =>
  storeStock.filter((row) => row.sku === sku).reduce((sum, row) => sum + row.quantity, 0)
const stockStatus = (productId: string) => {
  const own = variantsOf(productId)
  const online = own.map((v) => v.stockOnline ?? 0)
  const inStores = own.some((v) => storeUnits(v.sku) > 0)
  if (online.every((n) => n === 0)) return inStores ? 'storeOnly' : 'soldOut'
  return online.some((n) => n === 0) ? 'partly' : 'inStock'
}

describe('buildDemoCatalog', () => {
  it('has the categories, products, stores, collections and editorials the shop needs', () => {
    expect(catalog.categories.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS])
    expect(catalog.categories.filter((c) => c.domesticOnly).map((c) => c.slug)).toEqual(['shoes'])
    expect(products.length).toBeGreaterThanOrEqual(300)
    const perCategory = countBy(products, (p) => p.categorySlug)
    const familiesPerCategory = countBy(
      products.filter((p) => p.id === p.familyId),
      (p) => p.categorySlug,
    )
    for (const slug of CATEGORY_SLUGS) {
      expect(perCategory.get(slug) ?? 0, slug).toBeGreaterThanOrEqual(10)
      expect(familiesPerCategory.get(slug) ?? 0, slug).toBeGreaterThanOrEqual(6)
    }
    const genders = new Set(products.map((p) => p.gender))
    expect(genders.has('men') && genders.has('women')).toBe(true)
    const womenOnly = products.filter((p) => p.categorySlug === 'dresses' || p.categorySlug === 'skirts')
    expect(womenOnly.every((p) => p.gender === 'women')).toBe(true)
    expect([catalog.stores.length, catalog.editorials.length]).toEqual([6, 4])
  })

  it('uses unique ids, skus and valid Thai EAN-13 barcodes, and only existing references', () => {
    for (const values of [products.map((p) => p.id), variants.map((v) => v.sku), variants.map((v) => v.barcode)]) {
      expect(unique(values)).toBe(true)
    }
    for (const v of variants) expect(validEan13(v.barcode) && v.barcode.startsWith('885'), v.barcode).toBe(true)
    const ids = new Set(products.map((p) => p.id))
    const skus = new Set(variants.map((v) => v.sku))
    const storeIds = new Set(catalog.stores.map((s) => s.id))
    expect(variants.every((v) => ids.has(v.productId))).toBe(true)
    expect(storeStock.every((row) => skus.has(row.sku) && storeIds.has(row.storeId) && row.quantity > 0)).toBe(true)
    expect(unique(storeStock.map((row) => `${row.storeId}|${row.sku}`))).toBe(true)
    expect(catalog.collectionProducts.every((row) => ids.has(row.productId))).toBe(true)
    for (const p of products) expect(variantsOf(p.id).length, p.id).toBeGreaterThan(0)
  })

  it('prices in whole minor units, with sales below their compare-at prices', () => {
    for (const p of products) {
      for (const amount of [p.priceThb, p.priceUsd]) expect(Number.isInteger(amount) && amount > 0).toBe(true)
      expect(p.priceThb % 1000).toBe(0)
      const onSale = (p.tags ?? []).includes('sale')
      if (onSale) {
        expect(p.compareAtThb ?? 0, p.id).toBeGreaterThan(p.priceThb)
        expect(p.compareAtUsd ?? 0, p.id).toBeGreaterThan(p.priceUsd)
      } else {
        expect([p.compareAtThb ?? null, p.compareAtUsd ?? null]).toEqual([null, null])
        expect(p.priceThb >= 59000 && p.priceThb <= 890000, p.id).toBe(true)
      }
    }
    const tagged = (tag: string) => products.filter((p) => (p.tags ?? []).some((t) => t === tag))
    const familyTags = new Map<string, string>()
    for (const p of products) {
      const key = [...(p.tags ?? [])].sort().join(',')
      expect(familyTags.get(p.familyId) ?? key, p.id).toBe(key)
      familyTags.set(p.familyId, key)
    }
    const saleShare = tagged('sale').length / products.length
    expect(saleShare > 0.1 && saleShare < 0.2, String(saleShare)).toBe(true)
    expect(tagged('sale').filter((p) => p.priceThb < 50000).length).toBeGreaterThanOrEqual(3)
    expect(tagged('club').filter((p) => p.priceThb < 50000).length).toBeGreaterThanOrEqual(2)
    expect(tagged('new').length >= 20 && tagged('new').length <= 30, String(tagged('new').length)).toBe(true)
  })

  it('tags as mix-and-match only basics whose prices make any bundle a believable saving, in both currencies (§9, issue 29)', () => {
    const families = products.filter((p) => p.id === p.familyId && (p.tags ?? []).includes('mix_match'))
    expect(families.length).toBeGreaterThanOrEqual(10)
    expect(new Set(families.map((p) => p.categorySlug)).size).toBeGreaterThanOrEqual(3)
    for (const p of families) expect(p.tags ?? [], p.id).not.toContain('sale')
    for (const currency of CURRENCIES) {
      const prices = families.map((p) => (currency === 'thb' ? p.priceThb : p.priceUsd)).sort((a, b) => a - b)
      for (const size of [3, 5] as const) {
        // The cheapest and the dearest bundle of different tagged pieces, priced by the cart's engine.
        for (const bundle of [prices.slice(0, size), prices.slice(-size)]) {
          const lines = bundle.map((unitPrice, n) => ({
            sku: `P${n}`,
            productId: `P${n}`,
            category: 'tops',
            tags: ['mix_match' as const],
            unitPrice,
            quantity: 1,
          }))
          const priced = priceCart({ currency, lines, destination: null, shippingMethod: 'courier', promotion: null })
          expect(priced.total, `${currency} ${size}: ${bundle.join(', ')}`).toBe(
            MIX_MATCH_BUNDLE_PRICES[size][currency],
          )
          const saving = (priced.mixMatchDiscount * 100) / priced.subtotal
          const { min, max } = MIX_MATCH_SAVING_PERCENT[size]
          expect(saving >= min && saving <= max, `${currency} ${size} pieces save ${saving.toFixed(1)} %`).toBe(true)
        }
      }
    }
  })

  it('names products in both languages with the category noun', () => {
    for (const p of products.filter((p) => p.categorySlug === 'dresses')) {
      expect([p.nameTh.includes('เดรส'), p.nameEn.includes('Dress')], p.nameEn).toEqual([true, true])
    }
    const nouns = new Map(catalog.categories.map((c) => [c.slug, c.nameTh]))
    for (const p of products.filter((p) => p.categorySlug !== 'accessories' && p.categorySlug !== 'jewelry')) {
      expect(p.nameTh).toContain(nouns.get(p.categorySlug))
    }
    for (const p of products) {
      expect(p.searchText).toBe(p.searchText.toLowerCase())
      expect(p.searchText).toContain(nouns.get(p.categorySlug))
      expect(p.images.length).toBeGreaterThanOrEqual(2)
      expect(p.images[0]?.path).toBe(`products/${p.id}/1.svg`)
    }
  })

  it('holds the stock situations the tests rely on, and DEMO_EXAMPLES says where', () => {
    const statuses = countBy(products, (p) => stockStatus(p.id))
    expect(statuses.get('soldOut') ?? 0).toBeGreaterThanOrEqual(10)
    expect(statuses.get('storeOnly') ?? 0).toBeGreaterThanOrEqual(10)
    expect(statuses.get('partly') ?? 0).toBeGreaterThanOrEqual(20)
    const examples = [
      DEMO_EXAMPLES.soldOutProductId,
      DEMO_EXAMPLES.inStoreOnlyProductId,
      DEMO_EXAMPLES.partlySoldOutProductId,
    ]
    expect(examples.map(stockStatus)).toEqual(['soldOut', 'storeOnly', 'partly'])
    const partly = variantsOf(DEMO_EXAMPLES.partlySoldOutProductId)
    expect(partly.find((v) => v.size === DEMO_EXAMPLES.partlySoldOutSize)?.stockOnline).toBe(0)
    expect(
      partly.filter((v) => v.size !== DEMO_EXAMPLES.partlySoldOutSize).every((v) => (v.stockOnline ?? 0) > 0),
    ).toBe(true)
    const dress = products.find((p) => p.id === DEMO_EXAMPLES.dressWithSizes)
    expect([dress?.categorySlug, dress?.gender]).toEqual(['dresses', 'women'])
    const m = variantsOf(DEMO_EXAMPLES.dressWithSizes).find((v) => v.size === 'M')
    expect(m?.stockOnline ?? 0).toBeGreaterThan(0)
    expect(storeUnits(m?.sku ?? '')).toBeGreaterThan(0)
  })

  it('builds collections, editorials and relations that point at real products', () => {
    const top = catalog.collections.filter((c) => c.parentSlug == null)
    expect(top.length).toBeGreaterThanOrEqual(6)
    expect(unique(catalog.collections.map((c) => c.slug))).toBe(true)
    const members = (slug: string) => catalog.collectionProducts.filter((r) => r.collectionSlug === slug)
    for (const c of top) {
      const subs = catalog.collections.filter((s) => s.parentSlug === c.slug)
      expect(subs.length, c.slug).toBeGreaterThanOrEqual(2)
      const ids = new Set(members(c.slug).map((r) => r.productId))
      expect(ids.size >= 12 && ids.size <= 40, c.slug).toBe(true)
      for (const sub of subs) expect(members(sub.slug).every((r) => ids.has(r.productId))).toBe(true)
    }
    const ids = new Set(products.map((p) => p.id))
    for (const e of catalog.editorials) {
      const featured = e.bodyEn.flatMap((b) => (b.kind === 'products' ? b.productIds : []))
      expect(featured).toHaveLength(4)
      expect(featured.every((id) => ids.has(id))).toBe(true)
      const text = e.bodyEn.flatMap((b) => (b.kind === 'ul' ? b.items : 'text' in b ? [b.text] : [])).join(' ')
      const words = text.split(/\s+/).length
      expect(words >= 300 && words <= 600, `${e.slug}: ${words} words`).toBe(true)
    }
    const relations = catalog.productRelations
    expect(relations.every((r) => r.productId !== r.relatedId && ids.has(r.relatedId))).toBe(true)
    expect(unique(relations.map((r) => `${r.productId}|${r.kind}|${r.relatedId}`))).toBe(true)
    const byProduct = countBy(relations, (r) => `${r.productId}|${r.kind}`)
    const byId = new Map(products.map((p) => [p.id, p]))
    for (const p of products.filter((p) => p.id === p.familyId)) {
      const [match, similar] = [byProduct.get(`${p.id}|match`) ?? 0, byProduct.get(`${p.id}|similar`) ?? 0]
      expect(match >= 2 && match <= 4 && similar >= 4 && similar <= 8, `${p.id}: ${match}, ${similar}`).toBe(true)
    }
    for (const r of relations.filter((r) => r.kind === 'similar')) {
      expect(byId.get(r.relatedId)?.categorySlug).toBe(byId.get(r.productId)?.categorySlug)
    }
  })

  it('is deterministic and fast at benchmark sizes', () => {
    expect(buildDemoCatalog()).toEqual(catalog)
    expect(buildDemoCatalog({ seed: 7 }).products).not.toEqual(products)
    const start = performance.now()
    const big = buildDemoCatalog({ productCount: 10_000 })
    expect(performance.now() - start).toBeLessThan(10_000)
    expect(big.products).toHaveLength(10_000)
    expect(unique(big.products.map((p) => p.id))).toBe(true)
    expect(unique(big.variants.map((v) => v.barcode))).toBe(true)
    expect(big.products.map((p) => p.id)).toContain(DEMO_EXAMPLES.dressWithSizes)
    // The test's own bound (10 s) is what it checks: vitest's default 5 s would cut it short on a busy machine.
  }, 20_000)
})

describe('colour families', () => {
  const families = new Map<string, typeof products>()
  for (const p of products) families.set(p.familyId, [...(families.get(p.familyId) ?? []), p])

  it('groups the rows into families of 1–4 colours, most of them with more than one', () => {
    expect(products.length).toBe(DEMO_DEFAULT_PRODUCT_COUNT)
    const sizes = [...families.values()].map((list) => list.length)
    expect(sizes.every((n) => n >= 1 && n <= 4)).toBe(true)
    expect(sizes.filter((n) => n > 1).length).toBeGreaterThan(families.size / 3)
    expect(sizes.filter((n) => n === 4).length).toBeGreaterThan(0)
  })

  it('names the first colour by the family id and the others ${familyId}-${colorSlug}, in positions 0, 1, 2…', () => {
    for (const [familyId, list] of families) {
      expect(list.map((p) => p.colorPosition)).toEqual(list.map((_, i) => i))
      expect(list[0]?.id).toBe(familyId)
      for (const p of list.slice(1)) expect(p.id).toBe(`${familyId}-${p.colorSlug}`)
      expect(unique(list.map((p) => p.colorSlug)), familyId).toBe(true)
      // One model: the same names, category, sizes and prices in every colour.
      const shared = (p: (typeof list)[number]) =>
        JSON.stringify([p.nameEn, p.nameTh, p.categorySlug, p.gender, p.priceThb, p.priceUsd, p.sizeChart])
      expect(new Set(list.map(shared)).size, familyId).toBe(1)
      const sizesOf = (p: (typeof list)[number]) => variantsOf(p.id).map((v) => v.size)
      for (const p of list) expect(sizesOf(p)).toEqual(sizesOf(list[0] ?? p))
    }
  })

  it('gives each colour its own pictures, SKUs and barcodes', () => {
    for (const p of products) {
      expect(p.images.every((image) => image.path.startsWith(`products/${p.id}/`))).toBe(true)
      expect(p.images[0]?.altEn).toContain(p.colorNameEn)
      expect(p.images[0]?.altTh).toContain(p.colorNameTh)
      for (const v of variantsOf(p.id)) expect(v.sku).toBe(`${p.id}-${v.size}`.toUpperCase())
    }
    expect(unique(variants.map((v) => v.sku))).toBe(true)
    expect(unique(variants.map((v) => v.barcode))).toBe(true)
  })

  it('keeps the fixed examples as families with their stock situation on the first colour', () => {
    for (const id of Object.values(DEMO_EXAMPLES).filter((value) => value.includes('-'))) {
      const list = families.get(id) ?? []
      expect(list.length, id).toBeGreaterThan(1)
      expect(list[0]?.id).toBe(id)
    }
    // The other colours of the sold-out shirt can be bought.
    const shirts = families.get(DEMO_EXAMPLES.soldOutProductId) ?? []
    expect(shirts.slice(1).map((p) => stockStatus(p.id))).toContain('inStock')
  })

  it('points relations, collections and editorials at families', () => {
    const familyIds = new Set(families.keys())
    expect(catalog.productRelations.every((r) => familyIds.has(r.productId) && familyIds.has(r.relatedId))).toBe(true)
    expect(catalog.collectionProducts.every((r) => familyIds.has(r.productId))).toBe(true)
  })

  it('gives every model a name of its own in both languages, at the demo size and at benchmark sizes (issue 29, item 18)', () => {
    for (const rows of [products, buildDemoCatalog({ productCount: 5000 }).products]) {
      const models = rows.filter((p) => p.id === p.familyId)
      for (const name of ['nameEn', 'nameTh'] as const) {
        const counts = countBy(models, (p) => p[name])
        expect([...counts].filter(([, count]) => count > 1).map(([text]) => text)).toEqual([])
      }
      // The colours of one model share its name.
      const byFamily = new Map(models.map((p) => [p.familyId, p.nameEn]))
      expect(rows.every((p) => byFamily.get(p.familyId) === p.nameEn)).toBe(true)
    }
  })

  it('never lists a model, or one of the same name, among its own "you may also like" (issue 29, item 18)', () => {
    const names = new Map(products.map((p) => [p.id, p.nameEn]))
    const similar = catalog.productRelations.filter((relation) => relation.kind === 'similar')
    expect(similar.length).toBeGreaterThan(0)
    for (const relation of similar) {
      expect(relation.relatedId).not.toBe(relation.productId)
      expect(names.get(relation.relatedId)).not.toBe(names.get(relation.productId))
    }
  })

  it('counts rows, not families, at benchmark sizes', () => {
    expect(buildDemoCatalog({ productCount: 1000 }).products).toHaveLength(1000)
    expect(buildDemoCatalog({ productCount: 3 }).products).toHaveLength(3)
  })
})
