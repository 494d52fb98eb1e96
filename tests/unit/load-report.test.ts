import { describe, expect, it } from 'vitest'
import {
  cacheHitPercent,
  formatComparison,
  pageTypeOf,
  scalingRatio,
  throughput,
  totalPerSecond,
  type LoadFigures,
} from '../../scripts/load-report'

describe('pageTypeOf', () => {
  it('classifies the pages the virtual shoppers ask for, with or without a language prefix', () => {
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/')).toBe('home')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/en')).toBe('home')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/en/')).toBe('home')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/category/dresses')).toBe('listing')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/en/category/bags?sort=price_asc')).toBe('listing')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/en/product?page=3')).toBe('listing')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/en/product/linen-wrap-dress-1001')).toBe('product')
    expect(pageTypeOf('GET', 'http://127.0.0.1:3940/en/search?q=%E0%B9%80%E0%B8%94%E0%B8%A3%E0%B8%AA')).toBe('search')
    expect(pageTypeOf('GET', '/cart')).toBe('cart')
    expect(pageTypeOf('GET', '/about-us')).toBe('other')
    expect(pageTypeOf('GET', '/english/product/x')).toBe('other')
  })

  it('classifies the product API calls of the cart and the order', () => {
    expect(pageTypeOf('POST', 'http://x/api/public/demo/cart/items?currency=thb&lang=en')).toBe('cart')
    expect(pageTypeOf('GET', 'http://x/api/public/demo/cart')).toBe('cart')
    expect(pageTypeOf('POST', 'http://x/api/public/demo/orders?currency=thb&lang=en')).toBe('checkout')
    expect(pageTypeOf('GET', 'http://x/api/public/demo/orders')).toBe('other')
    expect(pageTypeOf('GET', 'http://x/api/public/demo/products?page=1')).toBe('other')
  })
})

describe('throughput', () => {
  it('counts answered requests per second and takes percentiles of the sorted timings', () => {
    const timings = Array.from({ length: 100 }, (_, i) => 100 - i) // 100 … 1 ms
    const figures = throughput({ timings, errors: 2 }, 20)
    expect(figures).toMatchObject({ count: 102, errors: 2, perSecond: 5, p50: 51, p95: 96, p99: 100 })
    expect(throughput({ timings: [], errors: 0 }, 0)).toMatchObject({ perSecond: 0, p99: 0, cacheHits: 0 })
  })

  it('gives the share of pages the shared page cache answered, none when no answer said', () => {
    const figures = throughput({ timings: [5, 6, 7, 8], errors: 0, cacheHits: 3, cacheMisses: 1 }, 1)
    expect(cacheHitPercent(figures)).toBe(75)
    expect(cacheHitPercent({ cacheHits: 0, cacheMisses: 0 })).toBeNull()
  })
})

function load(instances: number, home: number, checkout: number, p99: number): LoadFigures {
  return {
    instances,
    seconds: 60,
    pages: {
      home: { count: home * 60, errors: 0, perSecond: home, p50: 10, p95: 20, p99, cacheHits: 10, cacheMisses: 30 },
      checkout: {
        count: checkout * 60,
        errors: instances === 2 ? 1 : 0,
        perSecond: checkout,
        p50: 30,
        p95: 50,
        p99,
        cacheHits: 0,
        cacheMisses: 0,
      },
    },
    steps: {
      browse: { count: home * 60, errors: 0, p99 },
      checkout: { count: checkout * 60, errors: 0, p99: 2 * p99 },
    },
    orders: checkout * 60,
  }
}

describe('scaling', () => {
  it('is the last throughput over the first', () => {
    expect(scalingRatio(100, 150)).toBe(1.5)
    expect(scalingRatio(0, 150)).toBeNull()
    expect(totalPerSecond(load(1, 30, 10, 80))).toBe(40)
  })

  it('prints page types and steps of each load side by side with the ratios', () => {
    const text = formatComparison([load(1, 30, 10, 80), load(2, 45, 17, 60)])
    const lines = text.split('\n')
    expect(lines[1]).toMatch(
      /^page type\s+1 inst\. req\/s\s+1 inst\. p99 ms\s+1 inst\. cache hits\s+2 inst\. req\/s\s+2 inst\. p99 ms\s+2 inst\. cache hits\s+errors\s+scaling$/,
    )
    expect(lines.find((line) => line.startsWith('home'))).toMatch(
      /^home\s+30\.0\s+80\s+25%\s+45\.0\s+60\s+25%\s+0 \/ 0\s+×1\.50$/,
    )
    expect(lines.find((line) => line.startsWith('checkout'))).toMatch(
      /^checkout\s+10\.0\s+80\s+-\s+17\.0\s+60\s+-\s+0 \/ 1\s+×1\.70$/,
    )
    expect(lines.find((line) => line.startsWith('all'))).toMatch(/^all\s+40\.0\s+62\.0\s+0 \/ 1\s+×1\.55$/)
    expect(lines.some((line) => /^listing/.test(line))).toBe(false)
    expect(text).toContain('p99 per step')
    expect(lines.find((line) => line.startsWith('checkout') && line.includes('600'))).toMatch(
      /160\s+1020\s+120\s+0 \/ 0$/,
    )
    expect(lines.at(-1)).toBe(
      '1 inst.: 600 orders in 60 s, 2 inst.: 1020 orders in 60 s; scaling 1 inst. → 2 inst.: ×1.55',
    )
  })
})
