import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PixelService, type PixelEventInput, type PixelServiceOptions } from '~/api/analytics/pixel.service.server'
import { createPixelRoutes } from '~/api/analytics/routes.server'
import { orders, pixelEvents, type PixelPlatform } from '~/db/schema'
import { apiDocument } from './api-app'
import { freshDatabase } from './database'
import { checkedResponses } from './openapi-responses'

/** Where the pixel routes answer in the whole API. */
const MOUNT = '/api/public/demo'

const META_PIXEL = '1234567890123456'
const META_TOKEN = 'EAAB-meta+token/for=tests-0123456789'
const TIKTOK_PIXEL = 'CTEST0123456789ABCDEF'
const TIKTOK_TOKEN = 'tiktok-events-token-for-tests-0123456789'
const SHOPPER = {
  email: ' John_Smith@gmail.com ',
  phone: '081-234-5678',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  country: 'TH',
  zipCode: '10110',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
}
/** Every plain form of the shopper's e-mail and phone a careless store could keep. */
const PLAIN_CONTACT = ['john_smith@gmail.com', 'John_Smith', '081-234-5678', '0812345678', '66812345678', '812345678']

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

type Recorded = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: unknown }
type Answer = { status: number; body: unknown }

/** A fake platform on loopback: records each request and answers from a queue (success when it is empty). */
async function fakePlatform(success: () => unknown) {
  const requests: Recorded[] = []
  const answers: Answer[] = []
  const server: Server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: JSON.parse(text) as unknown,
      })
      const answer = answers.shift() ?? { status: 200, body: success() }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    requests,
    answers,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type MetaBody = {
  data: Array<{
    event_name: string
    event_time: number
    event_id: string
    event_source_url: string
    action_source: string
    user_data: Record<string, unknown>
    custom_data?: Record<string, unknown>
  }>
  test_event_code?: string
}
type TikTokBody = {
  event_source: string
  event_source_id: string
  data: Array<{
    event: string
    event_time: number
    event_id: string
    user: Record<string, unknown>
    page: { url: string }
    properties?: Record<string, unknown>
  }>
}

let database: Awaited<ReturnType<typeof freshDatabase>>
let meta: Awaited<ReturnType<typeof fakePlatform>>
let tiktok: Awaited<ReturnType<typeof fakePlatform>>
let clock: Date

function service(overrides: Partial<PixelServiceOptions> = {}) {
  return new PixelService(database.db, {
    meta: { pixelId: META_PIXEL, accessToken: META_TOKEN, apiBaseUrl: meta.baseUrl, testEventCode: 'TEST123' },
    tiktok: { pixelCode: TIKTOK_PIXEL, accessToken: TIKTOK_TOKEN, apiBaseUrl: tiktok.baseUrl },
    now: () => clock,
    timeoutMs: 5_000,
    ...overrides,
  })
}

function purchase(orderNumber: string): PixelEventInput {
  return {
    eventName: 'purchase',
    eventSourceUrl: `https://shop.test/order/${orderNumber}`,
    userData: {
      clientIpAddress: SHOPPER.ip,
      clientUserAgent: SHOPPER.userAgent,
      firstName: SHOPPER.firstName,
      lastName: SHOPPER.lastName,
      email: SHOPPER.email,
      phone: SHOPPER.phone,
      country: SHOPPER.country,
      zipCode: SHOPPER.zipCode,
    },
    customData: { value: 1290, currency: 'thb', order_id: orderNumber, content_type: 'product' },
  }
}

async function rowsOf(platform: PixelPlatform) {
  return database.db.select().from(pixelEvents).where(eq(pixelEvents.platform, platform))
}

beforeAll(async () => {
  meta = await fakePlatform(() => ({ events_received: 1, messages: [], fbtrace_id: 'AbCdEf123' }))
  tiktok = await fakePlatform(() => ({ code: 0, message: 'OK', request_id: '2026050103000001', data: {} }))
  database = await freshDatabase({ seed: false })
})

afterAll(async () => {
  await database?.close()
  await meta?.close()
  await tiktok?.close()
})

beforeEach(async () => {
  clock = new Date('2026-05-01T03:00:00.000Z')
  meta.requests.length = 0
  meta.answers.length = 0
  tiktok.requests.length = 0
  tiktok.answers.length = 0
  await database.db.delete(pixelEvents)
})

describe('pixel events', () => {
  it('stores personal data only hashed and sends each platform its own normalised hashes', async () => {
    const pixels = service()
    expect(await pixels.record('meta', purchase('AS-2605-00042'))).toEqual({
      stored: true,
      status: 'pending',
      eventId: 'AS-2605-00042',
    })
    await pixels.record('tiktok', purchase('AS-2605-00042'))

    const stored = await database.db.execute(sql`SELECT * FROM pixel_events`)
    const storedText = JSON.stringify(stored)
    expect(storedText).toContain(sha256('66812345678'))
    expect(storedText).toContain(sha256('+66812345678'))
    for (const plain of PLAIN_CONTACT) expect(storedText).not.toContain(plain)
    expect(storedText).not.toContain('Somchai')
    expect(storedText).not.toContain('somchai')

    expect(await pixels.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 })

    expect(meta.requests).toHaveLength(1)
    const [metaRequest] = meta.requests
    expect(metaRequest?.method).toBe('POST')
    expect(metaRequest?.path).toBe(`/v21.0/${META_PIXEL}/events`)
    expect(metaRequest?.query.get('access_token')).toBe(META_TOKEN)
    const metaBody = metaRequest?.body as MetaBody
    expect(metaBody.test_event_code).toBe('TEST123')
    expect(metaBody.data).toEqual([
      {
        event_name: 'Purchase',
        event_time: Math.floor(clock.getTime() / 1000),
        event_id: 'AS-2605-00042',
        event_source_url: 'https://shop.test/order/AS-2605-00042',
        action_source: 'website',
        user_data: {
          em: ['62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f'],
          ph: [sha256('66812345678')],
          fn: sha256('somchai'),
          ln: sha256('jaidee'),
          country: sha256('th'),
          zp: sha256('10110'),
          client_ip_address: SHOPPER.ip,
          client_user_agent: SHOPPER.userAgent,
        },
        custom_data: { value: 1290, currency: 'THB', order_id: 'AS-2605-00042', content_type: 'product' },
      },
    ])

    expect(tiktok.requests).toHaveLength(1)
    const [tiktokRequest] = tiktok.requests
    expect(tiktokRequest?.path).toBe('/open_api/v1.3/event/track/')
    expect(tiktokRequest?.headers['access-token']).toBe(TIKTOK_TOKEN)
    expect(tiktokRequest?.query.size).toBe(0)
    const tiktokBody = tiktokRequest?.body as TikTokBody
    expect(tiktokBody.event_source).toBe('web')
    expect(tiktokBody.event_source_id).toBe(TIKTOK_PIXEL)
    expect(tiktokBody.data).toEqual([
      {
        event: 'CompletePayment',
        event_time: Math.floor(clock.getTime() / 1000),
        event_id: 'AS-2605-00042',
        user: {
          email: sha256('john_smith@gmail.com'),
          phone: sha256('+66812345678'),
          ip: SHOPPER.ip,
          user_agent: SHOPPER.userAgent,
        },
        page: { url: 'https://shop.test/order/AS-2605-00042' },
        properties: { value: 1290, currency: 'THB', order_id: 'AS-2605-00042', content_type: 'product' },
      },
    ])

    for (const platform of ['meta', 'tiktok'] as const) {
      const [row] = await rowsOf(platform)
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null })
      expect(row?.sentAt?.toISOString()).toBe(clock.toISOString())
    }
    // Nothing is due any more.
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(meta.requests).toHaveLength(1)
  })

  it('stores an event reported twice (browser and server) once, through the endpoints', async () => {
    const app = checkedResponses(createPixelRoutes({ pixels: service() }), apiDocument(database.db), { mount: MOUNT })
    const payload = {
      event_name: 'add_to_cart',
      event_source_url: 'https://shop.test/product/linen-shirt',
      event_id: 'atc-7f3a9c',
      user_data: {
        client_ip_address: SHOPPER.ip,
        client_user_agent: SHOPPER.userAgent,
        email: SHOPPER.email,
        phone: SHOPPER.phone,
        country: 'TH',
      },
      custom_data: { content_ids: ['linen-shirt'], value: 890, currency: 'THB' },
      pixel_id: META_PIXEL,
    }
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })

    const first = await post('/facebook-pixel/event', payload)
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ queued: true })
    const again = await post('/facebook-pixel/event', payload)
    expect(again.status).toBe(202)
    expect(await again.json()).toEqual({ queued: false })
    const { pixel_id: _pixel, ...forTikTok } = payload
    expect(await (await post('/tiktok-pixel/event', forTikTok)).json()).toEqual({ queued: true })
    expect(await (await post('/tiktok-pixel/event', forTikTok)).json()).toEqual({ queued: false })

    expect(await rowsOf('meta')).toHaveLength(1)
    expect(await rowsOf('tiktok')).toHaveLength(1)
    const [metaRow] = await rowsOf('meta')
    expect(metaRow).toMatchObject({ eventId: 'atc-7f3a9c', eventName: 'add_to_cart', status: 'pending' })

    await service().deliverDue()
    expect(meta.requests).toHaveLength(1)
    expect(tiktok.requests).toHaveLength(1)
    expect((tiktok.requests[0]?.body as TikTokBody).data[0]?.properties).toEqual({
      value: 890,
      currency: 'THB',
      contents: [{ content_id: 'linen-shirt' }],
    })
  })

  it('refuses malformed events and events for another pixel', async () => {
    const app = checkedResponses(createPixelRoutes({ pixels: service() }), apiDocument(database.db), { mount: MOUNT })
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const malformed = await post('/facebook-pixel/event', {
      event_name: 'teleport',
      event_source_url: 'javascript:alert(1)',
      user_data: { client_ip_address: 'localhost' },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({
      reason: 'INVALID_INPUT',
      fields: { event_name: 'invalid', event_source_url: 'invalid', 'user_data.client_ip_address': 'invalid' },
    })
    const otherPixel = await post('/facebook-pixel/event', {
      event_name: 'view_content',
      event_source_url: 'https://shop.test/',
      user_data: {},
      pixel_id: '999',
    })
    expect(otherPixel.status).toBe(400)
    expect(await otherPixel.json()).toMatchObject({ reason: 'INVALID_INPUT', fields: { pixel_id: 'invalid' } })
    expect(await database.db.select().from(pixelEvents)).toHaveLength(0)
  })

  it('documents both endpoints in OpenAPI', () => {
    const document = createPixelRoutes({ pixels: service() }).getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'pixels', version: '1' },
    })
    expect(Object.keys(document.paths ?? {})).toEqual(['/facebook-pixel/event', '/tiktok-pixel/event'])
  })

  it('only records events when no token is configured', async () => {
    const pixels = service({ meta: null, tiktok: null })
    expect(await pixels.record('meta', purchase('AS-2605-00043'))).toMatchObject({ stored: true, status: 'recorded' })
    expect(await pixels.record('tiktok', purchase('AS-2605-00043'))).toMatchObject({ stored: true, status: 'recorded' })
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    // Not even a service with tokens sends what was only recorded.
    expect(await service().deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(meta.requests).toHaveLength(0)
    expect(tiktok.requests).toHaveLength(0)
    for (const platform of ['meta', 'tiktok'] as const) {
      const [row] = await rowsOf(platform)
      expect(row).toMatchObject({ status: 'recorded', attempts: 0, nextAttemptAt: null })
    }
    // Recorded hashed all the same.
    const [metaRow] = await rowsOf('meta')
    expect(JSON.stringify(metaRow)).toContain(sha256('66812345678'))
    for (const plain of PLAIN_CONTACT) expect(JSON.stringify(metaRow)).not.toContain(plain)
  })

  it('backs off after a 500 and sends once the time has come', async () => {
    const pixels = service({ tiktok: null })
    await pixels.record('meta', purchase('AS-2605-00044'))
    meta.answers.push({
      status: 500,
      body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1, is_transient: true } },
    })
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 })
    let [row] = await rowsOf('meta')
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row?.nextAttemptAt?.toISOString()).toBe(new Date(clock.getTime() + 30_000).toISOString())
    expect(row?.lastError).toContain('HTTP 500')
    expect(row?.lastError).not.toContain(META_TOKEN)

    // Not due yet.
    clock = new Date(clock.getTime() + 29_000)
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(meta.requests).toHaveLength(1)

    clock = new Date(clock.getTime() + 1_000)
    expect(await pixels.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(meta.requests).toHaveLength(2)
    ;[row] = await rowsOf('meta')
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    // The retry carries the same event (same id and time), so Meta de-duplicates should the first have landed.
    expect(meta.requests[1]?.body).toEqual(meta.requests[0]?.body)
  })

  it('doubles the wait after each failure and gives up after six attempts', async () => {
    const pixels = service({ tiktok: null })
    await pixels.record('meta', purchase('AS-2605-00045'))
    const waits: number[] = []
    for (let attempt = 1; attempt <= 6; attempt++) {
      meta.answers.push({ status: 503, body: {} })
      await pixels.deliverDue()
      const [row] = await rowsOf('meta')
      expect(row?.attempts).toBe(attempt)
      if (attempt < 6) {
        const next = row?.nextAttemptAt ?? clock
        waits.push((next.getTime() - clock.getTime()) / 1000)
        clock = next
      } else {
        expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null })
      }
    }
    expect(waits).toEqual([30, 60, 120, 240, 480])
    expect(meta.requests).toHaveLength(6)
  })

  it('fails at once on a 400', async () => {
    const pixels = service({ tiktok: null })
    await pixels.record('meta', purchase('AS-2605-00046'))
    meta.answers.push({
      status: 400,
      body: {
        error: {
          message: `Invalid parameter (token ${META_TOKEN} echoed)`,
          type: 'OAuthException',
          code: 100,
          error_subcode: 2804019,
          fbtrace_id: 'Xyz',
        },
      },
    })
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 })
    const [row] = await rowsOf('meta')
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(row?.lastError).toContain('HTTP 400')
    expect(row?.lastError).toContain('OAuthException 100 2804019')
    expect(row?.lastError).not.toContain(META_TOKEN)
    clock = new Date(clock.getTime() + 3_600_000)
    await pixels.deliverDue()
    expect(meta.requests).toHaveLength(1)
  })

  it('treats a non-zero TikTok code as an error: a refusal fails, a rate limit is retried', async () => {
    const pixels = service({ meta: null })
    await pixels.record('tiktok', purchase('AS-2605-00047'))
    // A second later: events are sent oldest due first, so the answers below meet them in this order (at one instant
    // the order was the database's, and PostgreSQL once sent the checkout first).
    clock = new Date(clock.getTime() + 1_000)
    await pixels.record('tiktok', { ...purchase('AS-2605-00048'), eventName: 'initiate_checkout' })
    tiktok.answers.push({ status: 200, body: { code: 40002, message: 'Invalid event_source_id', request_id: 'r1' } })
    tiktok.answers.push({ status: 200, body: { code: 40100, message: 'Too many requests', request_id: 'r2' } })
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 1 })
    const rows = await rowsOf('tiktok')
    const byName = new Map(rows.map((row) => [row.eventName, row]))
    expect(byName.get('purchase')).toMatchObject({ status: 'failed' })
    expect(byName.get('purchase')?.lastError).toContain('40002')
    expect(byName.get('initiate_checkout')).toMatchObject({ status: 'pending', attempts: 1 })
    expect((tiktok.requests[1]?.body as TikTokBody).data[0]?.event).toBe('InitiateCheckout')
  })

  it('sends each event once when two deliveries run at the same time', async () => {
    const first = service()
    const second = service()
    for (let n = 0; n < 6; n++) {
      await first.record('meta', purchase(`AS-2605-1000${n}`))
      await first.record('tiktok', purchase(`AS-2605-1000${n}`))
    }
    const reports = await Promise.all([first.deliverDue(), second.deliverDue()])
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(12)
    const metaIds = meta.requests.map((request) => (request.body as MetaBody).data[0]?.event_id)
    const tiktokIds = tiktok.requests.map((request) => (request.body as TikTokBody).data[0]?.event_id)
    expect(metaIds).toHaveLength(6)
    expect(new Set(metaIds).size).toBe(6)
    expect(tiktokIds).toHaveLength(6)
    expect(new Set(tiktokIds).size).toBe(6)
    const rows = await database.db.select().from(pixelEvents)
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })

  it('gives up an event whose last attempt was interrupted, once its lease has run out', async () => {
    const pixels = service({ tiktok: null })
    await pixels.record('meta', purchase('AS-2605-00050'))
    // As an instance that claimed the sixth attempt and stopped would leave it.
    await database.db
      .update(pixelEvents)
      .set({ attempts: 6, nextAttemptAt: new Date(clock.getTime() + 120_000) })
      .where(eq(pixelEvents.platform, 'meta'))
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    clock = new Date(clock.getTime() + 120_000)
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 })
    const [row] = await rowsOf('meta')
    expect(row).toMatchObject({ status: 'failed', lastError: 'interrupted' })
    expect(meta.requests).toHaveLength(0)
  })

  it('hands back at once the events it claimed but did not send when the server stops', async () => {
    const stopping = new AbortController()
    // A platform that answers the first event, as the server's stop arrives.
    const platform = await fakePlatform(() => {
      stopping.abort()
      return { events_received: 1, messages: [], fbtrace_id: 'AbCdEf123' }
    })
    try {
      const pixels = service({
        tiktok: null,
        meta: { pixelId: META_PIXEL, accessToken: META_TOKEN, apiBaseUrl: platform.baseUrl },
      })
      for (const order of ['AS-2605-00051', 'AS-2605-00052', 'AS-2605-00053']) {
        await pixels.record('meta', purchase(order))
      }
      expect(await pixels.deliverDue(50, stopping.signal)).toEqual({ sent: 1, retrying: 0, failed: 0 })
      expect(platform.requests).toHaveLength(1)
      const rows = await rowsOf('meta')
      const handedBack = rows.filter((row) => row.status === 'pending')
      expect(handedBack).toHaveLength(2)
      for (const row of handedBack) {
        // Not used up, and due now: another instance sends them without waiting for the lease to run out.
        expect(row.attempts).toBe(0)
        expect(row.nextAttemptAt?.getTime()).toBeLessThanOrEqual(clock.getTime())
      }
      expect(await pixels.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 })
      expect(platform.requests).toHaveLength(3)
    } finally {
      await platform.close()
    }
  })

  it('retries when the platform cannot be reached', async () => {
    const pixels = service({
      tiktok: null,
      meta: { pixelId: META_PIXEL, accessToken: META_TOKEN, apiBaseUrl: 'http://127.0.0.1:1' },
    })
    await pixels.record('meta', purchase('AS-2605-00049'))
    expect(await pixels.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 })
    const [row] = await rowsOf('meta')
    expect(row?.lastError).toContain('network error')
    expect(row?.lastError).not.toContain(META_TOKEN)
  })
})

describe('what the public pixel endpoints forward (issue 15)', () => {
  const ORDER_TOKEN = 'order-token-for-the-pixel-tests-0123'
  const BUYER = { email: 'real.buyer@example.com', telephone: '+66898765432' }

  async function placedOrder(number: string) {
    await database.db.insert(orders).values({
      number,
      cartId: randomUUID(),
      email: BUYER.email,
      telephone: BUYER.telephone,
      status: 'awaiting_payment',
      currency: 'thb',
      subtotal: 129_000,
      discount: 0,
      shippingFee: 0,
      total: 129_000,
      vatIncluded: 8_439,
      shippingMethod: 'courier',
      paymentMethod: 'bank_transfer',
      accessTokenHash: sha256(ORDER_TOKEN),
      address: {
        firstname: 'Malee',
        lastname: 'Sukjai',
        telephoneNumber: BUYER.telephone,
        email: BUYER.email,
        taxId: '',
        address: '1 Silom Road',
        address2: '',
        country: 'TH',
        postcode: '10500',
        subDistrict: 'สีลม',
        district: 'บางรัก',
        province: 'กรุงเทพมหานคร',
      },
    })
  }

  function post(body: Record<string, unknown>) {
    const app = checkedResponses(createPixelRoutes({ pixels: service(), db: database.db }), apiDocument(database.db), {
      mount: MOUNT,
    })
    return app.request('/facebook-pixel/event', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.23',
        'user-agent': 'RealBrowser/1.0',
      },
      body: JSON.stringify({
        event_name: 'purchase',
        event_source_url: 'https://shop.test/checkout',
        user_data: {
          email: 'victim@example.com',
          phone: '0811111111',
          first_name: 'Someone',
          client_ip_address: '203.0.113.99',
          client_user_agent: 'Forged/9.9',
        },
        ...body,
      }),
    })
  }

  async function storedPayload(eventId: string): Promise<string> {
    const rows = await database.db.select().from(pixelEvents).where(eq(pixelEvents.eventId, eventId))
    expect(rows).toHaveLength(1)
    return JSON.stringify(rows[0]?.payload)
  }

  it('forwards no personal data for an event anyone posts, and takes IP and user agent from the request', async () => {
    expect((await post({ event_id: 'AS2605-90001' })).status).toBe(202)
    const stored = await storedPayload('AS2605-90001')
    for (const value of ['victim@example.com', '66811111111', '+66811111111', 'someone']) {
      expect(stored).not.toContain(sha256(value))
    }
    expect(stored).toContain('198.51.100.23')
    expect(stored).toContain('RealBrowser/1.0')
    expect(stored).not.toContain('203.0.113.99')
    expect(stored).not.toContain('Forged/9.9')
  })

  it('forwards the order’s own contact data, hashed, for a real purchase with its token and advertising consent', async () => {
    await placedOrder('AS2605-90002')
    expect((await post({ event_id: 'AS2605-90002', order_token: ORDER_TOKEN, ad_consent: true })).status).toBe(202)
    const stored = await storedPayload('AS2605-90002')
    expect(stored).toContain(sha256(BUYER.email))
    expect(stored).toContain(sha256('66898765432'))
    expect(stored).toContain(sha256('malee'))
    // Never what the caller typed.
    expect(stored).not.toContain(sha256('victim@example.com'))
    expect(stored).not.toContain(sha256('someone'))
  })

  it('forwards none without consent, with a wrong token, or for an order that does not exist', async () => {
    await placedOrder('AS2605-90003')
    await placedOrder('AS2605-90004')
    await post({ event_id: 'AS2605-90003', order_token: ORDER_TOKEN, ad_consent: false })
    await post({ event_id: 'AS2605-90004', order_token: 'a-wrong-token-of-enough-length', ad_consent: true })
    await post({ event_id: 'AS2605-90005', order_token: ORDER_TOKEN, ad_consent: true })
    for (const id of ['AS2605-90003', 'AS2605-90004', 'AS2605-90005']) {
      const stored = await storedPayload(id)
      expect(stored).not.toContain(sha256(BUYER.email))
      expect(stored).not.toContain(sha256('victim@example.com'))
    }
  })
})
