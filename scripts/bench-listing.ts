/**
 * Listing latency through the product API at several catalog sizes (rows, one per colour; decision 091:
 * one card per family). Each size gets its own PGlite database in data/bench-listing-<size>, seeded once
 * with the demo catalog's families and reused by later runs.
 *   tsx scripts/bench-listing.ts 10000,100000
 */
import { performance } from 'node:perf_hooks'
import { resolve } from 'node:path'
import { count, sql } from 'drizzle-orm'
import { createApiApp } from '../src/api/app.server'
import { storefrontLinks } from '../src/routing/storefront-links'
import { openDatabase, type Database } from '../src/db/client.server'
import { migrate } from '../src/db/migrate.server'
import { products } from '../src/db/schema'
import { insertCatalog } from '../src/db/seed.server'
import { buildDemoCatalog } from '../src/db/seed/demo-catalog'

const LISTINGS = [
  '',
  '&category=dresses',
  '&color=black',
  '&category=tops&size=M&available=true',
  '&sort=price_asc',
  '&category=shoes&min_price=1000&max_price=3000',
  '&page=20',
]
const ROUNDS = Number(process.env.BENCH_LISTING_ROUNDS ?? 10)

async function seeded(size: number): Promise<Database> {
  const database = await openDatabase({ dataDir: resolve('data', `bench-listing-${size}`) })
  await migrate(database)
  const [row] = await database.db.select({ value: count() }).from(products)
  if ((row?.value ?? 0) !== size) {
    const started = performance.now()
    await database.db.execute(sql`TRUNCATE products, categories CASCADE`)
    const catalog = buildDemoCatalog({ productCount: size })
    await insertCatalog(database.db, { ...catalog, storeStock: [], productRelations: [], editorials: [] })
    await database.db.execute(sql`VACUUM ANALYZE`)
    console.error(`seeded ${size} products in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  return database
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function measure(size: number) {
  const database = await seeded(size)
  const app = createApiApp({
    db: database.db,
    storeKeys: ['bench'],
    storefront: storefrontLinks({
      siteUrl: 'http://localhost:3000',
      strategy: 'prefix_except_default',
      defaultLocale: 'th',
    }),
  })
  const ask = async (query: string) => {
    const response = await app.request(`http://bench/api/public/bench/products?lang=en&currency=thb${query}`)
    if (response.status !== 200) throw new Error(`listing ${query}: ${response.status}`)
    return response.json()
  }
  for (const query of LISTINGS) await ask(query) // warm-up
  const perQuery = new Map<string, number[]>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of LISTINGS) {
      const started = performance.now()
      await ask(query)
      perQuery.set(query, [...(perQuery.get(query) ?? []), performance.now() - started])
    }
  }
  await database.close()
  return LISTINGS.map((query) => {
    const timings = (perQuery.get(query) ?? []).sort((a, b) => a - b)
    return { rows: size, listing: query || '(all, newest)', p50: percentile(timings, 50), p95: percentile(timings, 95) }
  })
}

const sizes = (process.argv[2] ?? '10000,100000').split(',').map(Number)
const rows = []
for (const size of sizes) rows.push(...(await measure(size)))
console.log('\nListing latency through the API (PGlite, sequential, one card per family)')
console.table(rows.map((row) => ({ ...row, p50: row.p50.toFixed(1), p95: row.p95.toFixed(1) })))
