import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '~/api/openapi.server'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'
import { checkedResponses, createResponseChecker } from './openapi-responses'

const BASE = 'http://shop.test/api/public/demo'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp
let document: OpenApiDocument

beforeAll(async () => {
  database = await freshDatabase()
  app = createApiApp({ db: database.db, storeKeys: ['demo'], commerce: { siteUrl: 'http://shop.test' } })
  const response = await app.request(`${BASE}/openapi.json`)
  expect(response.status).toBe(200)
  document = (await response.json()) as OpenApiDocument
})

afterAll(async () => {
  await database?.close()
})

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => {
      const operation = item[method]
      return operation ? [{ path, method, operation, item }] : []
    }),
  )
}

describe('the OpenAPI document', () => {
  it('is valid for @readme/openapi-parser', async () => {
    const copy = structuredClone(document) as Parameters<typeof validate>[0]
    const result = await validate(copy, { validate: { errors: { colorize: false } } })
    expect(result.valid ? [] : result.errors).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('passes Redocly’s recommended rules (redocly.yaml)', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'))
    try {
      const file = join(dir, 'openapi.json')
      await writeFile(file, JSON.stringify(document))
      const lint = spawnSync(
        resolve('node_modules/.bin/redocly'),
        ['lint', '--config', 'redocly.yaml', '--format', 'json', file],
        { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      )
      const report = JSON.parse(lint.stdout) as {
        problems: Array<{ ruleId: string; severity: string; message: string; location?: Array<{ pointer?: string }> }>
      }
      // PayPal's return and cancel links are browser redirects with no 2XX (.redocly.lint-ignore.yaml names them for
      // the written document); only their own responses are excused, the rule holds for every other operation.
      const redirects = ['/payments/paypal/return', '/payments/paypal/cancel'].map(
        (path) => `#/paths/${`/api/public/{storeKey}${path}`.replaceAll('/', '~1')}/get/responses`,
      )
      const problems = report.problems.filter(
        (problem) =>
          !(problem.ruleId === 'operation-2xx-response' && redirects.includes(problem.location?.[0]?.pointer ?? '')),
      )
      expect(problems).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('names every operation once, declares the store key and says who may call', () => {
    const all = operations(document)
    expect(all.length).toBeGreaterThan(60)
    const ids = all.map(({ operation }) => operation.operationId)
    expect(ids.filter((id) => typeof id !== 'string')).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
    for (const { path, operation, item } of all) {
      expect(path.startsWith('/api/public/{storeKey}/')).toBe(true)
      expect(item.parameters).toEqual([{ $ref: '#/components/parameters/StoreKey' }])
      expect(Array.isArray(operation.security), `${operation.operationId} has security`).toBe(true)
    }
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'apiKey',
      'cartToken',
      'memberSession',
      'operatorToken',
      'orderToken',
    ])
    expect(document.servers).toEqual([{ url: 'http://shop.test', description: 'This shop' }])
  })

  it('writes a nullable named schema as anyOf with null, never as an allOf that rejects null', () => {
    const text = JSON.stringify(document)
    expect(text).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\[[^\]]*"null"\]\}\]/)
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const type = 'type' in schema ? schema.type : undefined
      expect(Array.isArray(type) && type.includes('null'), `${name} is not nullable itself`).toBe(false)
    }
    const summary = document.components?.schemas?.ProductSummary as { properties: Record<string, unknown> }
    expect(summary.properties.compare_at_price).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }],
    })
  })

  it('documents the guest tokens, the 503’s Retry-After and the catalog cache header', () => {
    const schemes = document.components?.securitySchemes ?? {}
    expect(schemes.cartToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-cart-token' })
    expect(schemes.orderToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-order-token' })
    expect(document.components?.responses?.ServiceUnavailable).toMatchObject({
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    })
    const product = document.paths?.['/api/public/{storeKey}/products/{id}']?.get?.responses?.['200']
    expect(product && 'headers' in product ? Object.keys(product.headers ?? {}) : []).toContain('X-Catalog-Cache')
  })
})

describe('the check of every answer against the document', () => {
  it('accepts the API’s real answers, errors included', async () => {
    const checker = createResponseChecker(document)
    for (const path of ['/products?lang=en', '/products/no-such-product', '/products?page=0', '/no-such-endpoint']) {
      const request = new Request(`${BASE}${path}`)
      const response = await app.fetch(request)
      expect(await checker.problems(request, response), path).toEqual([])
    }
    const unknownStore = new Request('http://shop.test/api/public/other/categories')
    expect(await checker.problems(unknownStore, await app.fetch(unknownStore))).toEqual([])
  })

  it('catches a body of the wrong shape, an undocumented status or header, a missing Retry-After', async () => {
    const checker = createResponseChecker(document)
    const real = await app.fetch(new Request(`${BASE}/products?lang=en`))
    const page = (await real.json()) as { items: Array<Record<string, unknown>> }
    const first = page.items[0]
    if (!first) throw new Error('the demo catalog has products')
    // Money as a float of baht, the kind of slip the document is there to catch.
    const wrong = { ...page, items: [{ ...first, price: { amount: 12.5, currency: 'thb' } }] }
    const request = new Request(`${BASE}/products?lang=en`)
    const shaped = await checker.problems(request, Response.json(wrong, { headers: { 'cache-control': 'public' } }))
    expect(shaped.join('\n')).toMatch(/\/items\/0\/price\/amount must be integer/)

    const nullMoney = { ...page, items: [{ ...first, compare_at_price: null }] }
    expect(
      await checker.problems(request, Response.json(nullMoney, { headers: { 'cache-control': 'public' } })),
    ).toEqual([])

    expect(
      (await checker.problems(request, Response.json({ code: 418, message: 'teapot' }, { status: 418 })))[0],
    ).toMatch(/status 418 is not documented/)
    const undocumentedHeader = Response.json(page, { headers: { 'cache-control': 'public', 'x-debug': '1' } })
    expect(await checker.problems(request, undocumentedHeader)).toEqual([
      `GET /api/public/demo/products → 200: header x-debug is not documented`,
    ])
    const unavailable = Response.json({ code: 503, message: 'SERVICE UNAVAILABLE' }, { status: 503 })
    expect(await checker.problems(request, unavailable)).toEqual([
      'GET /api/public/demo/products → 503: required header retry-after is missing',
    ])
    const html = new Response('<p>hello</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'public' } })
    expect((await checker.problems(request, html))[0]).toMatch(/content type text\/html is not documented/)
    const unknown = new Request(`${BASE}/products`, { method: 'DELETE' })
    expect(await checker.problems(unknown, Response.json({}, { status: 200 }))).toEqual([
      'DELETE /api/public/demo/products → 200: no such operation in the OpenAPI document',
    ])
  })

  it('makes a checked app’s request fail when an answer disagrees', async () => {
    const lying = {
      fetch: (request: Request) =>
        new URL(request.url).pathname.endsWith('/categories')
          ? Response.json({ items: [{ slug: 'tops', name: 'Tops', product_count: '12' }] })
          : Response.json({ items: [] }),
    }
    const checked = checkedResponses(lying, document, { record: false })
    await expect(checked.fetch(new Request(`${BASE}/categories`))).rejects.toThrow(/product_count must be integer/)
  })
})

describe('the reference page', () => {
  it('is served with its script from the API, under a CSP that allows this origin only', async () => {
    const page = await app.request(`${BASE}/docs`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toMatch(/https?:/)
    const html = await page.text()
    expect(html).toContain('data-url="openapi.json"')
    expect(html).toContain('<script src="docs/scalar.js"></script>')
    expect(html).not.toMatch(/https?:\/\//)

    const script = await app.request(`${BASE}/docs/scalar.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await script.text()).length).toBeGreaterThan(1_000_000)
    const etag = script.headers.get('etag') ?? ''
    const again = await app.request(`${BASE}/docs/scalar.js`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })
})
