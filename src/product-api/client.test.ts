import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { camelKey, snakeKey } from '~/contract/case'
import { createProductApiClient, freshSeconds, ResponseCache } from './client'

describe('key case (§7)', () => {
  it('converts between snake_case and camelCase', () => {
    expect(snakeKey('pageSize')).toBe('page_size')
    expect(camelKey('compare_at_price')).toBe('compareAtPrice')
    expect(camelKey(snakeKey('minPrice'))).toBe('minPrice')
  })
})

describe('response caching', () => {
  it('reads max-age and refuses private or no-store answers', () => {
    expect(freshSeconds('public, max-age=30')).toBe(30)
    expect(freshSeconds('no-store')).toBe(0)
    expect(freshSeconds('private, max-age=30')).toBe(0)
    expect(freshSeconds(null)).toBe(0)
  })

  it('forgets entries when they expire and drops the oldest past its size', () => {
    let now = 0
    const cache = new ResponseCache(2, () => now)
    cache.set('a', 1, 10)
    cache.set('b', 2, 10)
    cache.set('c', 3, 10)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBe(3)
    now = 10_001
    expect(cache.get('c')).toBeUndefined()
  })

  it('lets the client answer a repeated GET without calling the API', async () => {
    let calls = 0
    const client = createProductApiClient({
      apiUrl: 'http://api.test',
      storeKey: 'demo',
      cache: new ResponseCache(),
      fetch: () => {
        calls++
        return Response.json({ page_size: 25 }, { headers: { 'Cache-Control': 'public, max-age=30' } })
      },
    })
    const schema = z.object({ page_size: z.number() })
    expect(await client.get('/products', schema, { pageSize: 25 })).toEqual({ pageSize: 25 })
    expect(await client.get('/products', schema, { pageSize: 25 })).toEqual({ pageSize: 25 })
    expect(calls).toBe(1)
    await client.get('/products', schema, { pageSize: 10 })
    expect(calls).toBe(2)
  })
})
