import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { handleImageRequest, type ImageHandlerOptions } from './image-handler.server'
import { productImageSvg } from './placeholder-svg'

const DRESS = 'products/linen-wrap-dress-1007/1.svg'

let base = ''
let options: ImageHandlerOptions

function request(path: string, query = '', init?: RequestInit): Promise<Response> {
  return handleImageRequest(new Request(`http://shop.test/images/${path}${query}`, init), path, options)
}

async function body(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer())
}

async function metadataOf(response: Response) {
  return sharp(await body(response)).metadata()
}

function cacheFile(response: Response, extension: string): string {
  const key = (response.headers.get('ETag') ?? '').replaceAll('"', '')
  return join(options.cacheRoot, key.slice(0, 2), `${key}.${extension}`)
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'atelier-images-'))
  const sourceRoot = join(base, 'source')
  const cacheRoot = join(base, 'cache')
  await mkdir(join(sourceRoot, 'products/linen-wrap-dress-1007'), { recursive: true })
  await writeFile(
    join(sourceRoot, DRESS),
    productImageSvg({ category: 'dresses', colorHex: '#c9a27e', view: 1, width: 800, height: 1000 }),
  )
  // A tiny SVG: drawn at its own 40 px and scaled up it would be blurry.
  await writeFile(
    join(sourceRoot, 'products/dot.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">' +
      '<rect width="40" height="40" fill="#ffffff"/><circle cx="20" cy="20" r="12" fill="#000000"/></svg>',
  )
  await writeFile(join(sourceRoot, 'products/broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect')
  await writeFile(
    join(sourceRoot, 'products/photo.png'),
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  )
  // A file next to the source root that a path traversal would reach.
  await writeFile(join(base, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
  options = { sourceRoot, cacheRoot }
})

afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('handleImageRequest: rendering', () => {
  it('answers webp at the SVG size by default, with immutable caching and an ETag', async () => {
    const response = await request(DRESS)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]{64}"$/)
    const metadata = await metadataOf(response)
    expect(metadata.format).toBe('webp')
    expect([metadata.width, metadata.height]).toEqual([800, 1000])
  })

  it('resizes and converts per fm, w and h', async () => {
    const cases = [
      { query: '?fm=jpeg&w=400&h=500', type: 'image/jpeg', format: 'jpeg', size: [400, 500] },
      { query: '?fm=png&w=200', type: 'image/png', format: 'png', size: [200, 250] },
      { query: '?fm=avif&h=300', type: 'image/avif', format: 'heif', size: [240, 300] },
      { query: '?fm=webp&w=1200', type: 'image/webp', format: 'webp', size: [1200, 1500] },
    ]
    for (const { query, type, format, size } of cases) {
      const response = await request(DRESS, query)
      expect(response.status, query).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(type)
      const metadata = await metadataOf(response)
      expect(metadata.format).toBe(format)
      expect([metadata.width, metadata.height], query).toEqual(size)
    }
  })

  it('applies the quality', async () => {
    const low = await body(await request(DRESS, '?fm=jpeg&w=600&q=10'))
    const high = await body(await request(DRESS, '?fm=jpeg&w=600&q=95'))
    expect(low.length).toBeLessThan(high.length)
    const lowWebp = await body(await request(DRESS, '?w=600&q=5'))
    const highWebp = await body(await request(DRESS, '?w=600&q=100'))
    expect(lowWebp.length).toBeLessThan(highWebp.length)
  })

  it('applies the fit', async () => {
    const sizes: Record<string, [number, number]> = {
      cover: [300, 300],
      contain: [300, 300],
      fill: [300, 300],
      inside: [240, 300],
      outside: [300, 375],
    }
    for (const [fit, size] of Object.entries(sizes)) {
      const metadata = await metadataOf(await request(DRESS, `?w=300&h=300&fit=${fit}`))
      expect([metadata.width, metadata.height], fit).toEqual(size)
    }
    // contain letterboxes with transparency, cover crops: the corners differ.
    const corner = async (fit: string) => {
      const raw = await sharp(await body(await request(DRESS, `?fm=png&q=100&w=300&h=300&fit=${fit}`)))
        .ensureAlpha()
        .raw()
        .toBuffer()
      return raw[3]
    }
    expect(await corner('contain')).toBe(0)
    expect(await corner('cover')).toBe(255)
  })

  it('rasterises SVG at the output size, so an enlarged SVG stays crisp', async () => {
    const response = await request('products/dot.svg', '?fm=png&q=100&w=400')
    const { data, info } = await sharp(await body(response))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([400, 400])
    // Along the middle row, count the pixels between black and white: the circle's antialiased edges.
    let grey = 0
    for (let x = 0; x < info.width; x++) {
      const value = data[200 * info.width * info.channels + x * info.channels] ?? 0
      if (value > 24 && value < 231) grey++
    }
    expect(grey).toBeLessThanOrEqual(6)
  })

  it('renders raster sources too', async () => {
    const response = await request('products/photo.png', '?w=32')
    expect(response.status).toBe(200)
    const metadata = await metadataOf(response)
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 32, 24])
  })

  it('ignores unknown parameters', async () => {
    const response = await request(DRESS, '?w=100&utm_source=mail&v=2')
    expect(response.status).toBe(200)
    expect((await metadataOf(response)).width).toBe(100)
  })

  it('uses resolveSource when given', async () => {
    const svg = productImageSvg({ category: 'shoes', colorHex: '#111111', view: 2, width: 400, height: 500 })
    const resolveSource = vi.fn(async (path: string) => (path === 'virtual/shoe.svg' ? Buffer.from(svg) : null))
    const custom = { ...options, resolveSource }
    const found = await handleImageRequest(
      new Request('http://shop.test/images/virtual/shoe.svg?w=80'),
      'virtual/shoe.svg',
      custom,
    )
    expect(found.status).toBe(200)
    expect((await metadataOf(found)).height).toBe(100)
    const missing = await handleImageRequest(
      new Request('http://shop.test/images/virtual/x.svg'),
      'virtual/x.svg',
      custom,
    )
    expect(missing.status).toBe(404)
    expect(resolveSource).toHaveBeenCalledWith('virtual/x.svg')
  })
})

describe('handleImageRequest: cache', () => {
  it('writes the variant to the disk cache and serves it from there', async () => {
    const first = await request(DRESS, '?w=123&fm=png')
    const firstBody = await body(first)
    const file = cacheFile(first, 'png')
    expect(existsSync(file)).toBe(true)

    const second = await request(DRESS, '?w=123&fm=png')
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'))
    expect((await body(second)).equals(firstBody)).toBe(true)

    // Proof that the second answer came from the file: replace it and ask again.
    await writeFile(file, 'from-cache')
    expect((await body(await request(DRESS, '?w=123&fm=png'))).toString()).toBe('from-cache')
  })

  it('normalises the parameters: defaults spelled out share the cache entry', async () => {
    const implicit = await request(DRESS, '?w=140')
    const explicit = await request(DRESS, '?fit=cover&q=75&fm=webp&w=140')
    expect(explicit.headers.get('ETag')).toBe(implicit.headers.get('ETag'))
    expect((await request(DRESS, '?w=140&q=76')).headers.get('ETag')).not.toBe(implicit.headers.get('ETag'))
  })

  it('gives concurrent requests the same complete image and leaves no temporary files', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => request(DRESS, '?w=321&fm=avif')))
    const bodies = await Promise.all(responses.map(body))
    for (const each of bodies) expect(each.equals(bodies[0] ?? Buffer.alloc(0))).toBe(true)
    expect((await sharp(bodies[0]).metadata()).width).toBe(321)
    const files = await listFiles(options.cacheRoot)
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(existsSync(cacheFile(responses[0] ?? new Response(), 'avif'))).toBe(true)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request(DRESS, '?w=200')
    const etag = first.headers.get('ETag') ?? ''
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await request(DRESS, '?w=200', { headers: { 'If-None-Match': header } })
      expect(response.status, header).toBe(304)
      expect(response.headers.get('ETag')).toBe(etag)
      expect(response.body).toBeNull()
    }
    const changed = await request(DRESS, '?w=200', { headers: { 'If-None-Match': '"something-else"' } })
    expect(changed.status).toBe(200)
  })
})

describe('handleImageRequest: errors', () => {
  it.each([
    ['?w=0', { w: 'must be between 16 and 2400' }],
    ['?w=99999', { w: 'must be between 16 and 2400' }],
    ['?h=2401', { h: 'must be between 16 and 2400' }],
    ['?fm=gif', { fm: 'must be one of webp, avif, jpeg, png' }],
    ['?q=abc', { q: 'must be an integer' }],
    ['?q=0', { q: 'must be between 1 and 100' }],
    ['?w=12.5', { w: 'must be an integer' }],
    ['?w=-20', { w: 'must be an integer' }],
    ['?fit=stretch', { fit: 'must be one of cover, contain, inside, outside, fill' }],
    [
      '?w=0&fm=gif&q=abc',
      { w: 'must be between 16 and 2400', fm: 'must be one of webp, avif, jpeg, png', q: 'must be an integer' },
    ],
  ])('answers 400 with the field errors for %s', async (query, fields) => {
    const response = await request(DRESS, query)
    expect(response.status).toBe(400)
    expect(response.headers.get('Content-Type')).toContain('application/json')
    expect(await response.json()).toEqual({ code: 400, message: 'Invalid image parameters', fields })
  })

  it.each([
    '../secret.svg',
    'products/../../secret.svg',
    'products/x/missing.svg',
    'Products/linen-wrap-dress-1007/1.svg',
    'products/linen wrap/1.svg',
    '/products/linen-wrap-dress-1007/1.svg',
    'products/./linen-wrap-dress-1007/1.svg',
    'products//1.svg',
    'products/.hidden.svg',
    'products/notes.txt',
    'products/linen-wrap-dress-1007',
    'products/%2e%2e/secret.svg',
    `products/${'a'.repeat(300)}.svg`,
    '',
  ])('answers 404 for %j', async (path) => {
    const response = await handleImageRequest(new Request('http://shop.test/images/x'), path, options)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 404, message: 'Image not found' })
  })

  it('answers 405 to other methods', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await request(DRESS, '', { method })
      expect(response.status).toBe(405)
      expect(response.headers.get('Allow')).toBe('GET, HEAD')
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const get = await request(DRESS, '?w=160')
    const getBody = await body(get)
    const head = await request(DRESS, '?w=160', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    expect(head.headers.get('Content-Type')).toBe('image/webp')
    expect(head.headers.get('Content-Length')).toBe(String(getBody.length))
    expect(head.headers.get('ETag')).toBe(get.headers.get('ETag'))
  })

  it('answers 422 when sharp cannot process the source, without throwing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const response = await request('products/broken.svg', '?w=100')
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ code: 422, message: 'Image could not be processed' })
      expect(errors).toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })

  it('answers 500 instead of throwing when the source cannot be loaded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const failing = {
        ...options,
        resolveSource: async () => {
          throw new Error('storage down')
        },
      }
      const response = await handleImageRequest(new Request('http://shop.test/images/a.svg'), 'a.svg', failing)
      expect(response.status).toBe(500)
      expect(errors).toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })
})

describe('handleImageRequest: the focal point (decision 194)', () => {
  // An SVG half red (left) and half blue (right), 400 × 200: a square crop shows the side it kept.
  const SPLIT = 'products/split.svg'
  beforeAll(async () => {
    await writeFile(
      join(options.sourceRoot, SPLIT),
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">' +
        '<rect width="200" height="200" fill="#ff0000"/><rect x="200" width="200" height="200" fill="#0000ff"/></svg>',
    )
  })

  async function centre(query: string): Promise<[number, number, number]> {
    const response = await request(SPLIT, query)
    expect(response.status).toBe(200)
    const { data, info } = await sharp(await body(response))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
    return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1]
  }

  it('crops fit=cover around fp, and the middle without it', async () => {
    expect(await centre('?fm=png&w=60&h=60&fit=cover&fp=0.9,0.5')).toEqual([0, 0, 255])
    expect(await centre('?fm=png&w=60&h=60&fit=cover&fp=0.1,0.5')).toEqual([255, 0, 0])
    const plain = await request(SPLIT, '?fm=png&w=60&h=60&fit=cover')
    const withPoint = await request(SPLIT, '?fm=png&w=60&h=60&fit=cover&fp=0.9,0.5')
    expect(plain.headers.get('ETag')).not.toBe(withPoint.headers.get('ETag'))
  })

  it('refuses an fp outside 0..1 or finer than hundredths', async () => {
    for (const fp of ['1.5,0.5', '0.5', '0.125,0.5', 'x,y']) {
      const response = await request(SPLIT, `?w=60&h=60&fp=${fp}`)
      expect(response.status, fp).toBe(400)
    }
  })
})
