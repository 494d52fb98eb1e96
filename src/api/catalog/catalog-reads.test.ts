import { describe, expect, it } from 'vitest'
import { CatalogReads, isShareable } from './catalog-reads'

const answer = (text: string) => ({ body: new TextEncoder().encode(text), headers: [] })

describe('CatalogReads', () => {
  it('does not keep an answer computed across a change, or while changes are not heard', () => {
    let generation = 0
    let active = true
    const reads = new CatalogReads({ active: () => active, generation: () => generation })
    const started = generation
    generation += 1
    expect(reads.set('/products', answer('old'), started)).toBe(false)
    expect(reads.get('/products')).toBeUndefined()
    expect(reads.set('/products', answer('new'), generation)).toBe(true)
    active = false
    expect(reads.get('/products')).toBeUndefined()
    expect(reads.set('/stores', answer('x'), generation)).toBe(false)
  })

  it('lets the least recently used answers go beyond its count', () => {
    const reads = new CatalogReads({ active: () => true, generation: () => 0, maxEntries: 2 })
    reads.set('a', answer('a'), 0)
    reads.set('b', answer('b'), 0)
    reads.get('a')
    reads.set('c', answer('c'), 0)
    expect(reads.get('b')).toBeUndefined()
    expect(reads.get('a')).toBeDefined()
    expect(reads.size).toBe(2)
  })
})

describe('isShareable', () => {
  it('is a 200 marked public, without cookies', () => {
    const ok = (headers: Record<string, string>, status = 200) => isShareable(new Response('{}', { status, headers }))
    expect(ok({ 'Cache-Control': 'public, max-age=10' })).toBe(true)
    expect(ok({ 'Cache-Control': 'private, no-store' })).toBe(false)
    expect(ok({})).toBe(false)
    expect(ok({ 'Cache-Control': 'public, max-age=10' }, 404)).toBe(false)
    expect(ok({ 'Cache-Control': 'public, max-age=10', 'Set-Cookie': 'a=b' })).toBe(false)
  })
})
