import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressPage, pageEncoding } from './compress.server'

const html = '<!doctype html><html><body>' + '<p>สวัสดี hello</p>'.repeat(200) + '</body></html>'

function page(body: BodyInit | null = html, contentType = 'text/html; charset=utf-8') {
  return new Response(body, { headers: { 'Content-Type': contentType, Vary: 'Cookie', 'Content-Length': '1' } })
}

const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://shop.test/', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pageEncoding('gzip, deflate')).toBe('gzip')
    expect(pageEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
    expect(pageEncoding('identity')).toBeNull()
    expect(pageEncoding(null)).toBeNull()
  })
})

describe('compressPage', () => {
  it('compresses a page with brotli and keeps its headers', async () => {
    const response = compressPage(request('gzip, br'), page())
    expect(response.headers.get('Content-Encoding')).toBe('br')
    expect(response.headers.get('Content-Length')).toBeNull()
    expect(response.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 4)
    expect(brotliDecompressSync(body).toString()).toBe(html)
  })

  it('compresses with gzip, chunk by chunk as the page streams', async () => {
    const encoder = new TextEncoder()
    let release = () => {}
    const later = new Promise<void>((resolve) => (release = resolve))
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('<!doctype html><html><head>'))
        await later
        controller.enqueue(encoder.encode('<body>rest</body></html>'))
        controller.close()
      },
    })
    const response = compressPage(request('gzip'), page(stream))
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    if (!response.body) throw new Error('no body')
    const reader = response.body.getReader()
    const chunks: Uint8Array[] = []
    // The head arrives before the rest of the page is rendered.
    let received = ''
    while (!received.includes('<head>')) {
      const { value } = await reader.read()
      if (value) chunks.push(value)
      try {
        received = gunzipSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH }).toString()
      } catch {
        received = ''
      }
    }
    release()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
    }
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe('<!doctype html><html><head><body>rest</body></html>')
  })

  it('leaves alone what is not a page, a HEAD request and a browser without compression', async () => {
    const json = page('{"a":1}', 'application/json')
    expect(compressPage(request('br'), json)).toBe(json)
    expect(compressPage(request('br', 'HEAD'), page(null)).headers.get('Content-Encoding')).toBeNull()
    const plain = compressPage(request(), page())
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    expect(await plain.text()).toBe(html)
  })
})
