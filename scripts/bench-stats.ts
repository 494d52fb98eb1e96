/**
 * The figures of the side-by-side benchmark (scripts/bench-side-by-side.mjs, issue 18): one autocannon run read from
 * its JSON, the medians per label over the rounds, each label's ratio to the floor app's product page, and the
 * budget verdicts. Pure functions, no imports: Node runs this file directly (type stripping) from the .mjs script,
 * and tests/unit/bench-stats.test.ts checks it.
 */

/** One measured run: throughput counts 2xx answers only, so a redirect or a 304 is never counted as speed. */
export type BenchRun = {
  label: string
  round: number
  /** 2xx answers per second. */
  okPerSecond: number
  /** Every answer per second, whatever its status (what autocannon calls req/s). */
  perSecond: number
  p50: number
  p99: number
  /** Answers other than 2xx (3xx, 4xx, 5xx). */
  non2xx: number
  /** Connection errors and timeouts. */
  errors: number
  /** The non-2xx answers by class, e.g. { '3xx': 120 }; only classes that occurred. */
  statuses: Record<string, number>
}

export type LabelSummary = {
  label: string
  runs: number
  okPerSecond: number
  p50: number
  p99: number
  /** non2xx + errors over all runs of the label. */
  failures: number
  statuses: Record<string, number>
}

export type Budget = {
  label: string
  /** The least ratio of 2xx/s to the reference. */
  minRatio: number
  /** The highest median p99 in milliseconds, when the budget has one. */
  maxP99?: number
}

export type Verdict = {
  label: string
  ratio: number | null
  p99: number | null
  failures: number
  budget: string
  pass: boolean
  /** Why it failed, empty when it passed. */
  reasons: string[]
}

type AutocannonJson = {
  duration?: unknown
  errors?: unknown
  timeouts?: unknown
  non2xx?: unknown
  requests?: { average?: unknown }
  latency?: { p50?: unknown; p99?: unknown }
  '1xx'?: unknown
  '2xx'?: unknown
  '3xx'?: unknown
  '4xx'?: unknown
  '5xx'?: unknown
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/**
 * One run from autocannon's `-j` output. Throughput is the 2xx answers over the run's duration; connection errors
 * (timeouts included: autocannon counts them in `errors`) and non-2xx answers are kept apart.
 */
export function parseAutocannon(text: string, label: string, round: number): BenchRun {
  let json: AutocannonJson
  try {
    json = JSON.parse(text) as AutocannonJson
  } catch {
    throw new Error(`autocannon gave no JSON for ${label}: ${text.slice(0, 200)}`)
  }
  if (typeof json !== 'object' || json === null || typeof json.latency !== 'object') {
    throw new Error(`autocannon gave no result for ${label}: ${text.slice(0, 200)}`)
  }
  const duration = num(json.duration)
  const statuses: Record<string, number> = {}
  for (const key of ['1xx', '3xx', '4xx', '5xx'] as const) {
    const count = num(json[key])
    if (count > 0) statuses[key] = count
  }
  return {
    label,
    round,
    okPerSecond: duration > 0 ? num(json['2xx']) / duration : 0,
    perSecond: num(json.requests?.average),
    p50: num(json.latency?.p50),
    p99: num(json.latency?.p99),
    non2xx: num(json.non2xx),
    errors: num(json.errors),
    statuses,
  }
}

/** The median; of an even count, the lower of the two middle values (as the shared script's awk does). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN
}

/** Medians per label over the rounds, in the order the labels were first measured. */
export function summarize(runs: readonly BenchRun[]): LabelSummary[] {
  const byLabel = new Map<string, BenchRun[]>()
  for (const run of runs) byLabel.set(run.label, [...(byLabel.get(run.label) ?? []), run])
  return [...byLabel].map(([label, list]) => {
    const statuses: Record<string, number> = {}
    for (const run of list) {
      for (const [key, count] of Object.entries(run.statuses)) statuses[key] = (statuses[key] ?? 0) + count
    }
    return {
      label,
      runs: list.length,
      okPerSecond: median(list.map((run) => run.okPerSecond)),
      p50: median(list.map((run) => run.p50)),
      p99: median(list.map((run) => run.p99)),
      failures: list.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
      statuses,
    }
  })
}

/** Each label's median 2xx/s over the reference label's; null when the reference is missing or measured nothing. */
export function ratios(summaries: readonly LabelSummary[], reference: string): Map<string, number | null> {
  const base = summaries.find((summary) => summary.label === reference)?.okPerSecond ?? 0
  return new Map(summaries.map((summary) => [summary.label, base > 0 ? summary.okPerSecond / base : null]))
}

/**
 * Each label's ratio to the reference measured in the same round, the median over the rounds: less swayed by a
 * machine that got busier or quieter between rounds than the ratio of the medians. Null without any such round.
 */
export function roundRatios(runs: readonly BenchRun[], reference: string): Map<string, number | null> {
  const base = new Map(runs.filter((run) => run.label === reference).map((run) => [run.round, run.okPerSecond]))
  const byLabel = new Map<string, number[]>()
  for (const run of runs) {
    const floor = base.get(run.round)
    const list = byLabel.get(run.label) ?? []
    if (floor !== undefined && floor > 0) list.push(run.okPerSecond / floor)
    byLabel.set(run.label, list)
  }
  return new Map([...byLabel].map(([label, list]) => [label, list.length > 0 ? median(list) : null]))
}

/** A budget against the medians: the ratio at least minRatio, p99 at most maxP99, and no failed answer at all. */
export function verdicts(summaries: readonly LabelSummary[], reference: string, budgets: readonly Budget[]): Verdict[] {
  const ratioOf = ratios(summaries, reference)
  return budgets.map((budget) => {
    const summary = summaries.find((row) => row.label === budget.label)
    const ratio = ratioOf.get(budget.label) ?? null
    const text = `≥ ${budget.minRatio.toFixed(2)}${budget.maxP99 === undefined ? '' : `, p99 ≤ ${budget.maxP99} ms`}, no errors`
    const reasons: string[] = []
    if (!summary) reasons.push('not measured')
    else {
      if (ratio === null) reasons.push(`no reference (${reference})`)
      else if (ratio < budget.minRatio) reasons.push(`ratio ${ratio.toFixed(2)} < ${budget.minRatio.toFixed(2)}`)
      if (budget.maxP99 !== undefined && summary.p99 > budget.maxP99)
        reasons.push(`p99 ${summary.p99} ms > ${budget.maxP99} ms`)
      if (summary.failures > 0) reasons.push(`${summary.failures} errors or non-2xx answers`)
    }
    return {
      label: budget.label,
      ratio,
      p99: summary?.p99 ?? null,
      failures: summary?.failures ?? 0,
      budget: text,
      pass: reasons.length === 0,
      reasons,
    }
  })
}

/**
 * Rows of cells as an aligned text table (numbers right-aligned), first row the header. `minWidths` keeps columns at
 * least that wide, so that rows printed one by one as they come line up.
 */
export function formatTable(
  rows: readonly (readonly (string | number)[])[],
  minWidths: readonly number[] = [],
): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)))
  const widths: number[] = [...minWidths]
  for (const row of cells) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)))
  return cells
    .map((row, r) =>
      row
        .map((cell, i) =>
          r > 0 && typeof rows[r]?.[i] === 'number' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** The non-2xx classes of a run or label as text, e.g. "3xx 120, 5xx 2"; empty when none. */
export function statusText(statuses: Readonly<Record<string, number>>): string {
  return Object.entries(statuses)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ')
}

/** One layout shift as the browser reported it (PerformanceObserver 'layout-shift', without recent input). */
export type LayoutShift = { startTime: number; value: number }

/**
 * Cumulative layout shift as Core Web Vitals counts it (scripts/bench-js.mjs, issue 29): the largest session window,
 * a window ending after a gap of more than 1 s or once it is 5 s long. Shifts in the order they happened.
 */
export function clsOf(shifts: readonly LayoutShift[]): number {
  let best = 0
  let current = 0
  let first = -Infinity
  let last = -Infinity
  for (const shift of shifts) {
    if (shift.startTime - last > 1000 || shift.startTime - first > 5000) {
      current = 0
      first = shift.startTime
    }
    current += shift.value
    last = shift.startTime
    best = Math.max(best, current)
  }
  return best
}
