import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  compressWhole,
  isSharedPagePath,
  joinWithNonce,
  keepCopy,
  PageCache,
  pageCacheKey,
  splitOnNonce,
  storableHeaders,
  type PageVariance,
  type StoredPage,
} from './page-cache.server'
import { isGuestPagePath, isNobodysDataPage } from '~/routing/shared-pages'

const page = (html: string): StoredPage => ({
  parts: [Buffer.from(html)],
  status: 200,
  headers: [],
  bytes: Buffer.byteLength(html),
})

describe('PageCache', () => {
  it('keeps pages up to its size, letting the least recently used go first', () => {
    const cache = new PageCache(10, 60_000)
    cache.set('a', page('aaaa'))
    cache.set('b', page('bbbb'))
    expect(cache.get('a')).toBeDefined() // a is now the most recently used
    cache.set('c', page('cccc'))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
    expect(cache.bytes).toBe(8)
  })

  it('forgets a page after its time, and everything when cleared', () => {
    let now = 0
    const cache = new PageCache(1000, 60_000, () => now)
    cache.set('a', page('aaaa'))
    cache.set('b', page('bbbb'))
    now = 59_999
    expect(cache.get('a')).toBeDefined()
    now = 60_000
    expect(cache.get('a')).toBeUndefined()
    expect(cache.bytes).toBe(4)
    cache.clear()
    expect(cache.get('b')).toBeUndefined()
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it('does not keep a page larger than itself, and replaces a page under the same key', () => {
    const cache = new PageCache(5, 60_000)
    expect(cache.set('big', page('123456'))).toBe(false)
    expect(cache.get('big')).toBeUndefined()
    cache.set('a', page('12'))
    cache.set('a', page('123'))
    expect(cache.bytes).toBe(3)
    expect(cache.size).toBe(1)
  })
})

describe('the nonce of a kept page', () => {
  it('is swapped wherever the render had it', () => {
    const html = Buffer.from('<script nonce="N0nce-_">a</script><p>N0nce</p><script nonce="N0nce-_">b</script>')
    const parts = splitOnNonce(html, 'N0nce-_')
    expect(parts).toHaveLength(3)
    expect(joinWithNonce(parts, 'fresh').toString()).toBe(
      '<script nonce="fresh">a</script><p>N0nce</p><script nonce="fresh">b</script>',
    )
    expect(joinWithNonce(splitOnNonce(html, 'absent'), 'x').toString()).toBe(html.toString())
  })

  it('survives a round trip through either encoding', () => {
    const html = Buffer.from('<p>สวัสดี</p>'.repeat(500))
    expect(brotliDecompressSync(compressWhole(html, 'br')).equals(html)).toBe(true)
    expect(gunzipSync(compressWhole(html, 'gzip')).equals(html)).toBe(true)
    expect(compressWhole(html, 'br').length).toBeLessThan(html.length / 10)
  })
})

describe('what a kept page varies on', () => {
  const base: PageVariance = {
    path: '/product/linen-wrap-dress-1001',
    search: '',
    locale: 'th',
    region: { countryCode: 'TH', ISOCurrencyCode: 'thb', loaded: true },
    abVariant: 'A',
    consent: null,
    host: null,
  }
  it('gives a key of its own to each language, currency, country, A/B variant, cookie choice and query', () => {
    const variants: PageVariance[] = [
      base,
      { ...base, locale: 'en' },
      { ...base, region: { countryCode: 'US', ISOCurrencyCode: 'usd', loaded: true } },
      { ...base, region: { countryCode: 'LA', ISOCurrencyCode: 'usd', loaded: true } },
      { ...base, region: { countryCode: 'TH', ISOCurrencyCode: 'thb', loaded: false } },
      { ...base, abVariant: 'B' },
      { ...base, consent: { accepted: true, ga: false, ad: false } },
      { ...base, consent: { accepted: true, ga: true, ad: false } },
      { ...base, search: '?size=M' },
      { ...base, host: 'en.example.com' },
    ]
    expect(new Set(variants.map(pageCacheKey)).size).toBe(variants.length)
    expect(pageCacheKey({ ...base })).toBe(pageCacheKey(base))
  })

  it('is kept only for the catalog, search and information pages', () => {
    for (const path of [
      '/',
      '/category',
      '/category/dresses',
      '/collection',
      '/collection/summer',
      '/collection/summer/linen',
      '/product',
      '/product/linen-wrap-dress-1001',
      '/search',
      '/editorials',
      '/editorials/rainy-season',
      '/about-us',
      '/delivery',
      '/stores',
      '/privacy-policy',
      '/terms-and-conditions',
    ]) {
      expect(isSharedPagePath(path), path).toBe(true)
    }
    for (const path of [
      '/cart',
      '/checkout',
      '/wishlist',
      '/account',
      '/account/login',
      '/order/TH-1',
      '/scan',
      '/quick-pass',
      '/dev/outbox',
      '/api/public/demo/products',
      '/product/a/b',
      '/en/cart',
    ]) {
      expect(isSharedPagePath(path), path).toBe(false)
    }
  })

  it('renders the login and registration pages from nobody’s data only without a session cookie', () => {
    for (const path of ['/account/login', '/account/register', '/account/login/']) {
      expect(isGuestPagePath(path), path).toBe(true)
      expect(isNobodysDataPage(path, false), path).toBe(true)
      expect(isNobodysDataPage(path, true), path).toBe(false)
    }
    for (const path of ['/account', '/account/addresses', '/account/confirm-otp', '/account/login/x', '/cart']) {
      expect(isGuestPagePath(path), path).toBe(false)
      expect(isNobodysDataPage(path, false), path).toBe(false)
    }
    // A shared page is nobody's whether or not the visitor is logged in.
    expect(isNobodysDataPage('/product/linen-wrap-dress-1001', true)).toBe(true)
  })

  it('keeps a render’s headers except cookies, encoding, length and the per-answer security headers', () => {
    const headers = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Set-Cookie': 'session=secret',
      'Content-Encoding': 'br',
      'Content-Length': '10',
      'Content-Security-Policy': "script-src 'nonce-x'",
      Link: '</a.js>; rel=modulepreload',
    })
    const kept = storableHeaders(headers, new Set(['content-security-policy']))
    expect(Object.fromEntries(kept)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      link: '</a.js>; rel=modulepreload',
    })
  })
})

describe('keepCopy', () => {
  const stream = (chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    })

  it('passes the page through and hands over its whole content once it ended', async () => {
    let kept: string | null = null
    const body = keepCopy(stream(['<html>', 'body', '</html>']), 1000, (content) => (kept = content.toString()))
    expect(await new Response(body).text()).toBe('<html>body</html>')
    expect(kept).toBe('<html>body</html>')
  })

  it('hands over nothing for a page longer than the limit, or one the browser stopped reading', async () => {
    let kept = 0
    const long = keepCopy(stream(['12345', '67890']), 8, () => (kept += 1))
    expect(await new Response(long).text()).toBe('1234567890')
    const cancelled = keepCopy(stream(['12345', '67890']), 1000, () => (kept += 1))
    const reader = cancelled.getReader()
    await reader.read()
    await reader.cancel()
    expect(kept).toBe(0)
  })
})
