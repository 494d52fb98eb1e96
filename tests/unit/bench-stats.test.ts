import { describe, expect, it } from 'vitest'
import {
  clsOf,
  formatTable,
  median,
  parseAutocannon,
  ratios,
  roundRatios,
  statusText,
  summarize,
  verdicts,
  type BenchRun,
} from '../../scripts/bench-stats'

function autocannonJson(fields: Record<string, unknown>): string {
  return JSON.stringify({
    duration: 10.02,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    requests: { average: 1000 },
    latency: { p50: 12, p99: 40 },
    '1xx': 0,
    '2xx': 10_020,
    '3xx': 0,
    '4xx': 0,
    '5xx': 0,
    ...fields,
  })
}

function run(label: string, okPerSecond: number, extra: Partial<BenchRun> = {}): BenchRun {
  return {
    label,
    round: 1,
    okPerSecond,
    perSecond: okPerSecond,
    p50: 10,
    p99: 50,
    non2xx: 0,
    errors: 0,
    statuses: {},
    ...extra,
  }
}

describe('parseAutocannon', () => {
  it('counts 2xx answers per second of the run as throughput', () => {
    const parsed = parseAutocannon(autocannonJson({}), 'shop first /', 2)
    expect(parsed).toMatchObject({ label: 'shop first /', round: 2, perSecond: 1000, p50: 12, p99: 40 })
    expect(parsed.okPerSecond).toBeCloseTo(1000, 5)
    expect(parsed.statuses).toEqual({})
  })

  it('never counts redirects or 304s as speed: they are non-2xx, by class', () => {
    const parsed = parseAutocannon(
      autocannonJson({ '2xx': 1002, '3xx': 9000, '5xx': 18, non2xx: 9018, errors: 3 }),
      'shop first /',
      1,
    )
    expect(parsed.okPerSecond).toBeCloseTo(100, 5)
    expect(parsed.perSecond).toBe(1000)
    expect(parsed.non2xx).toBe(9018)
    expect(parsed.errors).toBe(3)
    expect(parsed.statuses).toEqual({ '3xx': 9000, '5xx': 18 })
  })

  it('refuses output that is not autocannon JSON', () => {
    expect(() => parseAutocannon('connect ECONNREFUSED', 'x', 1)).toThrow(/no JSON for x/)
    expect(() => parseAutocannon('{"title":"x"}', 'x', 1)).toThrow(/no result for x/)
  })
})

describe('median', () => {
  it('takes the middle value, and the lower middle of an even count', () => {
    expect(median([30, 10, 20])).toBe(20)
    expect(median([4, 1, 3, 2])).toBe(2)
    expect(median([7])).toBe(7)
    expect(median([])).toBeNaN()
  })
})

describe('summarize, ratios and verdicts', () => {
  const runs: BenchRun[] = [
    run('floor /product/42', 1000, { round: 1 }),
    run('floor /product/42', 1200, { round: 2 }),
    run('floor /product/42', 1100, { round: 3 }),
    run('shop first /', 500, { round: 1, p99: 90 }),
    run('shop first /', 700, { round: 2, p99: 120 }),
    run('shop first /', 600, { round: 3, p99: 95 }),
    run('shop returning /', 300, { round: 1 }),
    run('shop returning /', 260, { round: 2, non2xx: 4, statuses: { '3xx': 4 } }),
    run('shop returning /', 280, { round: 3, errors: 1 }),
  ]
  const summaries = summarize(runs)

  it('keeps the labels in the order measured, with medians and all failures', () => {
    expect(summaries.map((s) => s.label)).toEqual(['floor /product/42', 'shop first /', 'shop returning /'])
    expect(summaries[1]).toMatchObject({ runs: 3, okPerSecond: 600, p99: 95, failures: 0 })
    expect(summaries[2]).toMatchObject({ okPerSecond: 280, failures: 5, statuses: { '3xx': 4 } })
  })

  it('divides each median by the reference median', () => {
    const ratio = ratios(summaries, 'floor /product/42')
    expect(ratio.get('floor /product/42')).toBe(1)
    expect(ratio.get('shop first /')).toBeCloseTo(600 / 1100, 10)
    expect(ratios(summaries, 'floor /missing').get('shop first /')).toBeNull()
  })

  it('takes the median of the ratios measured within each round', () => {
    // Rounds: floor 1000/1200/1100; shop first / 500/700/600 → 0.5, 0.583, 0.545.
    const perRound = roundRatios(runs, 'floor /product/42')
    expect(perRound.get('shop first /')).toBeCloseTo(600 / 1100, 10)
    expect(perRound.get('floor /product/42')).toBe(1)
    // A round without the reference (the floor did not answer) counts for no label.
    const withoutFloor = roundRatios([run('floor /product/42', 0), run('shop first /', 500)], 'floor /product/42')
    expect(withoutFloor.get('shop first /')).toBeNull()
  })

  it('passes a budget only with the ratio, the p99 and no failed answer', () => {
    const [first, firstStrict, returning, missing] = verdicts(summaries, 'floor /product/42', [
      { label: 'shop first /', minRatio: 0.5, maxP99: 100 },
      { label: 'shop first /', minRatio: 0.56, maxP99: 90 },
      { label: 'shop returning /', minRatio: 0.25 },
      { label: 'shop first /category/dresses', minRatio: 0.5 },
    ])
    expect(first).toMatchObject({ pass: true, reasons: [], p99: 95 })
    expect(firstStrict?.pass).toBe(false)
    expect(firstStrict?.reasons).toEqual(['ratio 0.55 < 0.56', 'p99 95 ms > 90 ms'])
    expect(returning?.pass).toBe(false)
    expect(returning?.reasons).toEqual(['5 errors or non-2xx answers'])
    expect(missing).toMatchObject({ pass: false, reasons: ['not measured'], ratio: null })
  })
})

describe('formatTable and statusText', () => {
  it('aligns columns, numbers to the right, at least as wide as asked', () => {
    expect(
      formatTable(
        [
          ['label', 'req/s'],
          ['a', 5],
          ['longer', 1234],
        ],
        [8],
      ),
    ).toBe(['label     req/s', 'a             5', 'longer     1234'].join('\n'))
    expect(statusText({ '3xx': 2, '5xx': 1 })).toBe('3xx 2, 5xx 1')
    expect(statusText({})).toBe('')
  })
})

describe('clsOf', () => {
  it('is the largest session window, not the sum of every shift', () => {
    // Two windows: 0.05 + 0.04 close together, then 0.07 more than a second later.
    const shifts = [
      { startTime: 100, value: 0.05 },
      { startTime: 600, value: 0.04 },
      { startTime: 2000, value: 0.07 },
    ]
    expect(clsOf(shifts)).toBeCloseTo(0.09)
  })

  it('ends a window after 5 s even without a gap', () => {
    const shifts = Array.from({ length: 12 }, (_, index) => ({ startTime: index * 900, value: 0.01 }))
    // 0 … 4500 ms is one window of six shifts; 5400 ms starts the next.
    expect(clsOf(shifts)).toBeCloseTo(0.06)
  })

  it('is 0 without shifts', () => {
    expect(clsOf([])).toBe(0)
  })
})
