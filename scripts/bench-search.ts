/**
 * Search latency through the product API at several catalog sizes (issue 3's budget: p95 under 20 ms
 * at 10,000 products, and under three times that at 100,000). Each size gets its own database in
 * data/bench-<size> (PGlite, or a fresh PostgreSQL database when BENCH_DATABASE_URL is set), seeded
 * once with generated products and reused by later runs.
 *   tsx scripts/bench-search.ts 320,10000,100000
 */
import { performance } from 'node:perf_hooks'
import { resolve } from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { createApiApp } from '../src/api/app.server'
import { storefrontLinks } from '../src/routing/storefront-links'
import { CatalogService } from '../src/api/catalog/catalog.service'
import { SearchService } from '../src/api/catalog/search.service'
import { openDatabase, type Database } from '../src/db/client.server'
import { migrate } from '../src/db/migrate.server'
import { products, productSearchTerms } from '../src/db/schema'
import { insertCatalog } from '../src/db/seed.server'
import { buildDemoCatalog, DEMO_DEFAULT_PRODUCT_COUNT } from '../src/db/seed/demo-catalog'
import { conceptTerm } from '../src/domain/search-query'
import { evaluateSearch, type Evaluation } from '../tests/search-eval/evaluate'

const QUERIES = [
  'เดรส',
  'dress',
  'dreses',
  'linen',
  'ลินิน',
  'tote bag',
  'กระเป๋า',
  'silk shirt',
  'sneakers',
  'ต่างหู',
  // Decision 018: no-space Thai with colour or material, and a query with an unknown word.
  'เดรสสีดำ',
  'กางเกงลินิน',
  'black linen dress for the beach',
]
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20)

async function databaseFor(size: number): Promise<Database> {
  const adminUrl = process.env.BENCH_DATABASE_URL
  if (adminUrl) {
    const name = `bench_${size}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' })
  }
  return openDatabase({ dataDir: resolve('data', `bench-${size}`) })
}

async function seeded(size: number): Promise<Database> {
  const database = await databaseFor(size)
  await migrate(database)
  const [row] = await database.db.select({ value: count() }).from(products)
  // A database indexed before decision 086 has no concept terms: seed it again.
  const [concepts] = await database.db
    .select({ value: count() })
    .from(productSearchTerms)
    .where(eq(productSearchTerms.term, conceptTerm('dress')))
  if ((row?.value ?? 0) !== size || (size > 0 && (concepts?.value ?? 0) === 0)) {
    const started = performance.now()
    await database.db.execute(sql`TRUNCATE products, categories CASCADE`)
    const catalog = buildDemoCatalog({ productCount: size })
    // Search reads products and their sizes; relations and store stock are left out to seed faster.
    await insertCatalog(database.db, {
      ...catalog,
      storeStock: [],
      collectionProducts: [],
      productRelations: [],
      editorials: [],
    })
    await database.db.execute(sql`VACUUM ANALYZE`)
    console.error(`seeded ${size} products in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  return database
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

let evaluation: Evaluation | null = null

async function measure(size: number) {
  const database = await seeded(size)
  if (size === DEMO_DEFAULT_PRODUCT_COUNT)
    evaluation = await evaluateSearch(database.db, new SearchService(database.db, new CatalogService(database.db)))
  const app = createApiApp({
    db: database.db,
    storeKeys: ['bench'],
    storefront: storefrontLinks({
      siteUrl: 'http://localhost:3000',
      strategy: 'prefix_except_default',
      defaultLocale: 'th',
    }),
  })
  const ask = (q: string) =>
    Promise.resolve(app.request(`http://bench/api/public/bench/search?q=${encodeURIComponent(q)}&lang=en`)).then(
      async (response) => {
        if (response.status !== 200) throw new Error(`search ${q}: ${response.status}`)
        return response.json()
      },
    )
  for (const q of QUERIES) await ask(q) // warm-up
  const timings: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const started = performance.now()
      await ask(q)
      timings.push(performance.now() - started)
    }
  }
  await database.close()
  timings.sort((a, b) => a - b)
  return { products: size, queries: timings.length, p50: percentile(timings, 50), p95: percentile(timings, 95) }
}

const sizes = (process.argv[2] ?? '320,10000,100000').split(',').map(Number)
const rows = []
for (const size of sizes) rows.push(await measure(size))
const at10k = rows.find((row) => row.products === 10_000)?.p95
console.log(
  `\nSearch latency through the API (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, sequential)`,
)
console.table(
  rows.map((row) => ({
    products: row.products,
    queries: row.queries,
    'p50 ms': row.p50.toFixed(2),
    'p95 ms': row.p95.toFixed(2),
    budget:
      row.products === 10_000
        ? row.p95 < 20
          ? 'p95 < 20 ms: met'
          : 'p95 < 20 ms: MISSED'
        : row.products === 100_000 && at10k !== undefined
          ? row.p95 < 3 * at10k
            ? '< 3× the 10k p95: met'
            : '< 3× the 10k p95: MISSED'
          : '',
  })),
)

if (evaluation !== null) {
  const result: Evaluation = evaluation
  console.log(`\nSearch quality on the demo catalog (${result.queries} judged queries, tests/search-eval/queries.json)`)
  console.table({
    'success@3': result.successAt3.toFixed(3),
    'precision@5': result.precisionAt5.toFixed(3),
    'nDCG@10': result.ndcgAt10.toFixed(3),
    'zero-result queries': result.zeroResults,
    goal:
      result.successAt3 >= 0.95 && result.precisionAt5 >= 0.95 && result.zeroResults === 0
        ? 'success@3 and precision@5 ≥ 0.95, none empty: met'
        : 'MISSED',
  })
  const misses = result.outcomes.filter((outcome) => !outcome.success || outcome.precision < 1 || outcome.results === 0)
  if (misses.length) {
    console.table(misses.map((outcome) => ({ q: outcome.q, results: outcome.results, top: outcome.top.join(' · ') })))
  }
}
