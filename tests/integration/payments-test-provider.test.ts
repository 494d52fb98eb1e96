import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PaymentProviderError, type PaymentProvider, type PaymentRequest } from '~/api/payments/provider'
import {
  createTestPaymentProvider,
  createTestPaymentRoutes,
  type TestPaymentResult,
} from '~/api/payments/test-provider.server'
import type { Db } from '~/db/client.server'
import { orders, payments, type CurrencyCode } from '~/db/schema'
import { freshDatabase } from './database'

const ORIGIN = 'http://localhost'
const BASE_PATH = '/api/public/demo'
const SECRET = 'test-payments-secret-for-this-file'
const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }

type Started = { ref: string; pageUrl: string; returnUrl: string; orderNumber: string }

describe('test payment provider and its hosted page', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>
  let db: Db
  let provider: PaymentProvider
  let app: Hono
  const results: Array<[string, TestPaymentResult]> = []
  let orderCounter = 0

  beforeAll(async () => {
    database = await freshDatabase({ seed: true })
    db = database.db
    provider = createTestPaymentProvider({ db, baseUrl: `${ORIGIN}${BASE_PATH}/`, secret: SECRET })
    app = new Hono()
    app.route(
      BASE_PATH,
      createTestPaymentRoutes({
        db,
        secret: SECRET,
        // Stands in for the shop: records the outcome and settles the payment row.
        onResult: async (ref, status) => {
          results.push([ref, status])
          await db
            .update(payments)
            .set({ status, updatedAt: new Date() })
            .where(and(eq(payments.provider, 'test'), eq(payments.providerRef, ref)))
        },
      }),
    )
  })

  afterAll(async () => {
    await database.close()
  })

  beforeEach(() => {
    results.length = 0
  })

  /** An order awaiting payment and its pending test payment, started the way checkout will start it. */
  async function startPayment(locale: 'th' | 'en' = 'th', currency: CurrencyCode = 'thb', amount = 129_000) {
    orderCounter += 1
    const orderNumber = `AS-2603-${String(orderCounter).padStart(5, '0')}`
    const [order] = await db
      .insert(orders)
      .values({
        number: orderNumber,
        cartId: randomUUID(),
        email: 'shopper@example.com',
        telephone: '+66812345678',
        status: 'awaiting_payment',
        currency,
        subtotal: amount,
        discount: 0,
        shippingFee: 0,
        total: amount,
        vatIncluded: Math.round((amount * 7) / 107),
        shippingMethod: 'courier',
        paymentMethod: 'card',
        locale,
        accessTokenHash: 'not-used-here',
      })
      .returning({ id: orders.id })
    if (!order) throw new Error('order not inserted')
    const paymentId = randomUUID()
    const returnUrl = `${ORIGIN}/${locale}/checkout/return?payment=${paymentId}`
    const request: PaymentRequest = {
      paymentId,
      orderNumber,
      amount,
      currency,
      description: `Order ${orderNumber}`,
      customerEmail: 'shopper@example.com',
      returnUrl,
      cancelUrl: `${ORIGIN}/${locale}/checkout`,
      locale,
    }
    const { providerRef, redirectUrl } = await provider.start(request)
    await db.insert(payments).values({
      id: paymentId,
      orderId: order.id,
      provider: 'test',
      providerRef,
      method: 'card',
      amount,
      currency,
    })
    return { ref: providerRef, pageUrl: redirectUrl, returnUrl, orderNumber } satisfies Started
  }

  /** The forms of a page as a browser sees them: absolute action and the fields it would post. */
  function forms(html: string, pageUrl: string): Array<{ action: string; fields: URLSearchParams; label: string }> {
    return [...html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)].map((match) => {
      const fields = new URLSearchParams()
      for (const input of (match[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
        fields.set(input[1] ?? '', unescapeHtml(input[2] ?? ''))
      }
      const label = /<button type="submit">([^<]*)<\/button>/.exec(match[2] ?? '')?.[1] ?? ''
      return { action: new URL(unescapeHtml(match[1] ?? ''), pageUrl).href, fields, label }
    })
  }

  function unescapeHtml(value: string): string {
    return value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  }

  async function get(url: string) {
    return app.request(url, { headers: { 'sec-fetch-site': 'none' } })
  }

  async function post(url: string, fields: URLSearchParams, headers: Record<string, string> = SAME_ORIGIN) {
    return app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: fields.toString(),
    })
  }

  /** Opens the page and returns the form behind a button. */
  async function formOf(started: Started, label: string) {
    const page = await get(started.pageUrl)
    expect(page.status).toBe(200)
    const form = forms(await page.text(), started.pageUrl).find((candidate) => candidate.label === label)
    if (!form) throw new Error(`no ${label} button`)
    return form
  }

  async function paymentStatus(ref: string) {
    const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.providerRef, ref))
    return row?.status
  }

  it('starts a payment with a test ref and a signed link to the page', async () => {
    const started = await startPayment()
    expect(started.ref).toMatch(/^test_[A-Za-z0-9_-]{16}$/)
    const url = new URL(started.pageUrl)
    expect(url.origin + url.pathname).toBe(`${ORIGIN}${BASE_PATH}/test-payments/${started.ref}`)
    expect(url.searchParams.get('return')).toBe(started.returnUrl)
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/)

    expect(await provider.status(started.ref)).toBe('pending')
    expect(await provider.parseWebhook('{}', new Headers())).toBeNull()
    const missing = await provider.status('test_AAAAAAAAAAAAAAAA').catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(PaymentProviderError)

    const refused = await provider
      .start({
        paymentId: randomUUID(),
        orderNumber: 'X',
        amount: 100,
        currency: 'thb',
        description: 'X',
        customerEmail: 'a@b.test',
        returnUrl: 'javascript:alert(1)',
        cancelUrl: `${ORIGIN}/`,
        locale: 'en',
      })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PaymentProviderError)
  })

  it('shows the amount, the order number, test hints and four buttons in Thai for a Thai order', async () => {
    const started = await startPayment('th', 'thb', 129_000)
    const page = await get(started.pageUrl)

    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await page.text()
    expect(html).toContain('<html lang="th">')
    expect(html).toContain('ชำระเงินทดสอบ')
    expect(html).toContain('฿1,290.00')
    expect(html).toContain(started.orderNumber)
    expect(html).toContain('123456')
    expect(html).not.toMatch(/<script|<style|<link|<img/i)
    expect(forms(html, started.pageUrl).map((form) => [form.label, form.action])).toEqual([
      ['อนุมัติ', `${ORIGIN}${BASE_PATH}/test-payments/${started.ref}/approve`],
      ['ปฏิเสธ', `${ORIGIN}${BASE_PATH}/test-payments/${started.ref}/decline`],
      ['3-D Secure', `${ORIGIN}${BASE_PATH}/test-payments/${started.ref}/3ds`],
      ['ยกเลิกและกลับไปที่ร้าน', `${ORIGIN}${BASE_PATH}/test-payments/${started.ref}/cancel`],
    ])
  })

  it('shows an English page with dollars for an English order', async () => {
    const started = await startPayment('en', 'usd', 4_500)
    const html = await (await get(started.pageUrl)).text()

    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Test payment')
    expect(html).toContain('$45.00')
    expect(forms(html, started.pageUrl).map((form) => form.label)).toEqual([
      'Approve',
      'Decline',
      '3-D Secure',
      'Cancel and go back to the shop',
    ])
  })

  it('approves: reports paid and sends the shopper back with a 303; a second click records nothing', async () => {
    const started = await startPayment()
    const approve = await formOf(started, 'อนุมัติ')
    const response = await post(approve.action, approve.fields)

    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(started.returnUrl)
    expect(results).toEqual([[started.ref, 'paid']])
    expect(await paymentStatus(started.ref)).toBe('paid')
    expect(await provider.status(started.ref)).toBe('paid')

    const again = await post(approve.action, approve.fields)
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe(started.returnUrl)
    expect(results).toHaveLength(1)

    const page = await get(started.pageUrl)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('รายการชำระเงินนี้ชำระเงินแล้ว')
    expect(html).toContain(`href="${started.returnUrl}"`)
    expect(forms(html, started.pageUrl)).toHaveLength(0)
  })

  it('refuses a forged return URL (bad signature) with 400 and records nothing', async () => {
    const started = await startPayment()
    const approve = await formOf(started, 'อนุมัติ')

    const forged = new URLSearchParams(approve.fields)
    forged.set('return', 'https://evil.example/steal')
    const response = await post(approve.action, forged)
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()

    const noSig = new URLSearchParams({ return: started.returnUrl })
    expect((await post(approve.action, noSig)).status).toBe(400)

    const page = new URL(started.pageUrl)
    page.searchParams.set('return', 'https://evil.example/steal')
    expect((await get(page.href)).status).toBe(400)

    // A signature is bound to its payment: another payment's link does not carry over.
    const other = await startPayment()
    const otherSig = new URL(other.pageUrl).searchParams.get('sig') ?? ''
    const swapped = new URLSearchParams({ return: other.returnUrl, sig: otherSig })
    expect((await post(approve.action, swapped)).status).toBe(400)

    expect(results).toEqual([])
    expect(await paymentStatus(started.ref)).toBe('pending')
  })

  it('declines: reports failed and sends the shopper back', async () => {
    const started = await startPayment('en', 'usd', 4_500)
    const decline = await formOf(started, 'Decline')
    const response = await post(decline.action, decline.fields)

    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(started.returnUrl)
    expect(results).toEqual([[started.ref, 'failed']])
    expect(await provider.status(started.ref)).toBe('failed')
  })

  it('cancels: the shopper leaves without paying, reported as cancelled, and sent back', async () => {
    const started = await startPayment('th', 'thb', 129_000)
    const cancel = await formOf(started, 'ยกเลิกและกลับไปที่ร้าน')
    const response = await post(cancel.action, cancel.fields)

    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(started.returnUrl)
    expect(results).toEqual([[started.ref, 'cancelled']])
    expect(await provider.status(started.ref)).toBe('cancelled')
  })

  it('3-D Secure: the right code pays, a wrong code fails', async () => {
    const right = await startPayment('en', 'usd', 4_500)
    const challengeForm = await formOf(right, '3-D Secure')
    const challenge = await post(challengeForm.action, challengeForm.fields)
    expect(challenge.status).toBe(200)
    expect(results).toEqual([])
    const challengeHtml = await challenge.text()
    expect(challengeHtml).toContain('3-D Secure verification')
    expect(challengeHtml).toContain('Test code: 123456')
    expect(challengeHtml).toContain('name="code"')
    expect(challengeHtml).not.toMatch(/<script|<style/i)
    const [confirm] = forms(challengeHtml, challengeForm.action)
    expect(confirm?.action).toBe(`${ORIGIN}${BASE_PATH}/test-payments/${right.ref}/3ds/confirm`)
    const confirmFields = new URLSearchParams(confirm?.fields)
    confirmFields.set('code', '123456')
    const paid = await post(confirm?.action ?? '', confirmFields)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(right.returnUrl)
    expect(results).toEqual([[right.ref, 'paid']])

    results.length = 0
    const wrong = await startPayment('th')
    const wrongChallengeForm = await formOf(wrong, '3-D Secure')
    const wrongChallenge = await post(wrongChallengeForm.action, wrongChallengeForm.fields)
    const wrongHtml = await wrongChallenge.text()
    expect(wrongHtml).toContain('รหัสสำหรับทดสอบ: 123456')
    const [wrongConfirm] = forms(wrongHtml, wrongChallengeForm.action)
    const wrongFields = new URLSearchParams(wrongConfirm?.fields)
    wrongFields.set('code', '654321')
    const failed = await post(wrongConfirm?.action ?? '', wrongFields)
    expect(failed.status).toBe(303)
    expect(failed.headers.get('location')).toBe(wrong.returnUrl)
    expect(results).toEqual([[wrong.ref, 'failed']])
  })

  it('refuses cross-site POSTs with 403', async () => {
    const started = await startPayment()
    const approve = await formOf(started, 'อนุมัติ')

    const crossSite = await post(approve.action, approve.fields, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    })
    expect(crossSite.status).toBe(403)
    expect((await post(approve.action, approve.fields, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await post(approve.action, approve.fields, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await post(approve.action, approve.fields, { origin: 'null' })).status).toBe(403)
    expect(results).toEqual([])

    // Same origin by Origin alone (older browsers) is fine.
    const sameOrigin = await post(approve.action, approve.fields, { origin: ORIGIN })
    expect(sameOrigin.status).toBe(303)
    expect(results).toEqual([[started.ref, 'paid']])
  })

  it('answers 404 for an unknown payment', async () => {
    const unknown = await get(`${ORIGIN}${BASE_PATH}/test-payments/test_AAAAAAAAAAAAAAAA?return=x&sig=y`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await unknown.text()).toContain('Payment not found')
    expect((await get(`${ORIGIN}${BASE_PATH}/test-payments/not-a-ref`)).status).toBe(404)

    const fields = new URLSearchParams({ return: `${ORIGIN}/`, sig: '00' })
    const posted = await post(`${ORIGIN}${BASE_PATH}/test-payments/test_AAAAAAAAAAAAAAAA/approve`, fields)
    expect(posted.status).toBe(404)
    expect(results).toEqual([])
  })
})
