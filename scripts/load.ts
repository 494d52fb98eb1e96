/**
 * npm run load: a mixed shopper load against the cluster (issue 8). Starts a fresh cluster of the build (nginx, two
 * instances, PostgreSQL) unless --base points at one already running, runs the virtual shoppers, prints p99 per
 * step, throughput and p99 per page type, errors and each instance's memory, checks the orders against the
 * database, and stops what it started.
 *
 *   npm run load -- [--shoppers 16] [--seconds 60] [--warmup 60] [--instances 2] [--kill-after S]
 *                   [--compare] [--port 3900] [--pg-port P]
 *
 * The same load runs first for --warmup seconds, unmeasured (V8's heaps and the response caches fill up); then the
 * measured --seconds, during which each instance's memory must stay flat.
 *
 * --compare (issue 18, the scale-out figure): the same load with one instance, then with --instances (default 2),
 * each on a fresh cluster and database; prints per page type the throughput and p99 of each side by side with the
 * scaling ratio, and p99 per step. Every check (errors, orders and stock, memory) applies to each run.
 *
 * --kill-after S kills one instance with SIGKILL S seconds in (the fault of issue 8): the load goes on through the
 * other one and must still end with zero errors and consistent orders and stock.
 *
 * nginx listens on --port, the instances on the next ports, PostgreSQL on --pg-port (default 25000 + port % 1000).
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { residentMb, startCluster } from './cluster-control'
import {
  checkConsistency,
  formatLoad,
  readCatalog,
  restock,
  runLoad,
  stockOf,
  UNLIMITED_UNPAID_HOLDS,
  type LoadResult,
} from './load-lib'
import { formatComparison, type LoadFigures } from './load-report'

const args = process.argv.slice(2)
function option(name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(args[index + 1])
  return value !== undefined && Number.isFinite(value) ? value : fallback
}
const shoppers = option('shoppers', 16)
const seconds = option('seconds', 60)
const instances = option('instances', 2)
const killAfter = option('kill-after', 0)
const warmup = option('warmup', 60)
const port = option('port', 3900)
const pgPort = option('pg-port', 0) || undefined
const compare = args.includes('--compare')

if (!existsSync('.output/server/index.mjs')) {
  console.error('No build: run npm run build first.')
  process.exit(1)
}
if (compare && killAfter) {
  console.error('--compare measures throughput: leave out --kill-after.')
  process.exit(1)
}

/** One load on a fresh cluster of `count` instances: prints its figures and checks; true when all checks passed. */
async function loadOn(count: number): Promise<{ result: LoadResult; passed: boolean }> {
  console.log(
    `Starting the cluster: nginx on ${port}, ${count} instance${count === 1 ? '' : 's'}, PostgreSQL (fresh database)…`,
  )
  const OPERATOR_TOKEN = `load-operator-${randomBytes(16).toString('hex')}`
  const cluster = await startCluster({
    port,
    pgPort,
    dir: '.load-cluster',
    instances: count,
    env: { OTP_IP_HOURLY_LIMIT: '100000', OPERATOR_TOKEN, ...UNLIMITED_UNPAID_HOLDS },
  })
  try {
    const email = `load-${randomBytes(3).toString('hex')}@example.com`
    const { skus } = await readCatalog(cluster.base, shoppers * 4)
    await restock(cluster.base, OPERATOR_TOKEN, skus, 100_000)
    const stockBefore = await stockOf(cluster.databaseUrl, skus)
    const pids = cluster.instances()
    const memory: number[][] = pids.map(() => [])
    let warmOrders: LoadResult['orders'] = []
    if (warmup > 0) {
      console.log(`Warm-up: ${shoppers} shoppers for ${warmup} s (not measured)`)
      const warm = await runLoad({ base: cluster.base, shoppers, seconds: warmup, email, skus })
      warmOrders = warm.orders
    }
    console.log(
      `Load: ${shoppers} shoppers for ${seconds} s${killAfter ? `, instance 1 killed at ${killAfter} s` : ''}`,
    )
    const result = await runLoad({
      base: cluster.base,
      shoppers,
      seconds,
      email,
      skus,
      onTick: (elapsed) => {
        pids.forEach(({ pid }, i) => memory[i]?.push(residentMb(pid) ?? Number.NaN))
        if (killAfter && elapsed === killAfter) {
          cluster.killInstance(0)
          console.log(`  ${elapsed} s: instance 1 (pid ${pids[0]?.pid}) killed with SIGKILL`)
        }
      },
    })
    console.log(`\n${formatLoad(result)}`)

    console.log('\nResident memory per instance (MB), every 10 s:')
    memory.forEach((series, i) => {
      const samples = series
        .filter((_, second) => second % 10 === 0)
        .map((mb) => (Number.isNaN(mb) ? 'gone' : mb.toFixed(0)))
      const first = series[0]
      const last = series.at(-1)
      const growth =
        first && last && !Number.isNaN(last)
          ? `${last >= first ? '+' : ''}${(((last - first) / first) * 100).toFixed(1)}% over the measured ${seconds} s`
          : ''
      console.log(`  instance ${i + 1} (port ${pids[i]?.port}): ${samples.join(' → ')}  ${growth}`)
    })

    const consistency = await checkConsistency(
      cluster.databaseUrl,
      email,
      [...warmOrders, ...result.orders],
      stockBefore,
    )
    console.log(
      `\nOrders in the database: ${result.orders.length} told to shoppers, lost ${consistency.lost.length}, unexpected ${consistency.unexpected.length}, half written ${consistency.halfWritten.length}, stock mismatches ${consistency.stockMismatches.length}`,
    )
    const errors = Object.values(result.steps).reduce((sum, step) => sum + step.errors, 0)
    const failed =
      errors > 0 ||
      consistency.lost.length > 0 ||
      consistency.unexpected.length > 0 ||
      consistency.halfWritten.length > 0 ||
      consistency.stockMismatches.length > 0
    if (failed) console.log(JSON.stringify(consistency, null, 2))
    return { result, passed: !failed }
  } finally {
    await cluster.stop()
  }
}

const counts = compare ? [1, Math.max(2, instances)] : [instances]
const measured: LoadFigures[] = []
let passed = true
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
const loadBefore = loadAverage()
for (const count of counts) {
  if (compare) console.log(`\n=== ${count} instance${count === 1 ? '' : 's'} ===`)
  const run = await loadOn(count)
  passed &&= run.passed
  measured.push({
    instances: count,
    seconds: run.result.seconds,
    pages: run.result.pages,
    steps: run.result.steps,
    orders: run.result.orders.length,
  })
}
if (compare) {
  console.log(
    `\nScale-out (${shoppers} shoppers, ${seconds} s measured after ${warmup} s warm-up, each on a fresh cluster and database; load average ${loadBefore} before, ${loadAverage()} after)`,
  )
  console.log(formatComparison(measured))
  if (!passed) console.log('\nAt least one run had errors or inconsistent orders or stock: see above.')
}
process.exit(passed ? 0 : 1)
