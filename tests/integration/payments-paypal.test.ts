import { createServer } from 'node:net'
import { inspect } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPaypalProvider, paypalAmount, type PaypalProviderOptions } from '~/api/payments/paypal.server'
import {
  PaymentProviderError,
  PaymentWebhookError,
  type PaymentProvider,
  type PaymentRequest,
} from '~/api/payments/provider'
import { captureResource, paypalEvent, startFakePaypal, type FakePaypal } from './fake-paypal'

let paypal: FakePaypal

const request: PaymentRequest = {
  paymentId: '6f1c1b52-3a55-4c1e-9d7e-1f0d6c2b9a10',
  orderNumber: 'AS2603-01042',
  amount: 249_050,
  currency: 'thb',
  description: 'Order AS2603-01042',
  customerEmail: 'shopper@example.com',
  returnUrl: 'https://shop.test/api/public/demo/payments/paypal/return',
  cancelUrl: 'https://shop.test/api/public/demo/payments/paypal/cancel',
  locale: 'th',
}

function provider(overrides: Partial<PaypalProviderOptions> = {}): PaymentProvider {
  return createPaypalProvider({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    webhookId: paypal.webhookId,
    apiBaseUrl: paypal.url,
    brandName: 'ATELIER SIAM',
    ...overrides,
  })
}

/** Everything a failure leaves behind (message, cause, properties), which must hold no credential. */
function assertNoSecrets(value: unknown) {
  const text = inspect(value, { depth: 8 })
  expect(text).not.toContain(paypal.clientSecret)
  expect(text).not.toContain(Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64'))
  for (const token of paypal.tokens) expect(text).not.toContain(token)
}

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentProviderError)
  const failure = error as PaymentProviderError
  expect(failure.provider).toBe('paypal')
  assertNoSecrets(failure)
  return failure
}

async function webhookError(promise: Promise<unknown>): Promise<PaymentWebhookError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentWebhookError)
  return error as PaymentWebhookError
}

/** A port nothing listens on: taken from the system, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  paypal = await startFakePaypal()
})

beforeEach(() => {
  paypal.behaviour = 'normal'
  paypal.tokenLifetime = 32_400
  paypal.requests.length = 0
})

afterAll(async () => {
  await paypal.close()
})

describe('PayPal provider: token and orders', () => {
  it('writes amounts as PayPal wants them: major units with two decimals', () => {
    expect(paypalAmount(249_050)).toBe('2490.50')
    expect(paypalAmount(7)).toBe('0.07')
    expect(paypalAmount(100)).toBe('1.00')
    expect(() => paypalAmount(0)).toThrow(RangeError)
    expect(() => paypalAmount(1.5)).toThrow(RangeError)
  })

  it('gets a client-credentials token, creates an order as documented and sends the shopper to payer-action', async () => {
    const started = await provider().start(request)

    expect(paypal.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'POST /v1/oauth2/token',
      'POST /v2/checkout/orders',
    ])
    const [token, create] = paypal.requests
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
    )
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(token?.body).toBe('grant_type=client_credentials')

    expect(create?.headers.authorization).toBe(`Bearer ${paypal.tokens.at(-1)}`)
    expect(create?.headers['paypal-request-id']).toBe(request.paymentId)
    expect(create?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(create?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'AS2603-01042',
          custom_id: request.paymentId,
          invoice_id: 'AS2603-01042',
          description: 'Order AS2603-01042',
          amount: { currency_code: 'THB', value: '2490.50' },
        },
      ],
      payment_source: {
        paypal: {
          email_address: 'shopper@example.com',
          experience_context: {
            brand_name: 'ATELIER SIAM',
            locale: 'th-TH',
            payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
        },
      },
    })
    expect(started.providerRef).toMatch(/^[A-Z0-9]{17}$/)
    expect(paypal.orders.has(started.providerRef)).toBe(true)
    expect(started.redirectUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${started.providerRef}`)
  })

  it('asks in English and in USD for an English shopper paying in dollars', async () => {
    await provider().start({
      ...request,
      paymentId: 'b7c1d2e3-0000-4000-8000-000000000001',
      currency: 'usd',
      amount: 7_000,
      locale: 'en',
    })
    const body = JSON.parse(paypal.requests.at(-1)?.body ?? '') as {
      purchase_units: Array<{ amount: unknown }>
      payment_source: { paypal: { experience_context: { locale: string } } }
    }
    expect(body.purchase_units[0]?.amount).toEqual({ currency_code: 'USD', value: '70.00' })
    expect(body.payment_source.paypal.experience_context.locale).toBe('en-US')
  })

  it('keeps the token until shortly before it expires, then fetches a new one', async () => {
    let now = 1_000_000
    const adapter = provider({ now: () => now })
    paypal.tokenLifetime = 600
    await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000002' })
    await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000003' })
    now += 530_000 // 70 s before expiry: still kept (renewed 60 s before)
    await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000004' })
    expect(paypal.requests.filter((sent) => sent.path === '/v1/oauth2/token')).toHaveLength(1)
    now += 20_000 // 50 s before expiry: renewed
    await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000005' })
    expect(paypal.requests.filter((sent) => sent.path === '/v1/oauth2/token')).toHaveLength(2)
  })

  it('shares one token request between calls made at the same time', async () => {
    const adapter = provider()
    await Promise.all(
      ['06', '07', '08'].map((n) => adapter.start({ ...request, paymentId: `b7c1d2e3-0000-4000-8000-0000000000${n}` })),
    )
    expect(paypal.requests.filter((sent) => sent.path === '/v1/oauth2/token')).toHaveLength(1)
  })

  it('fetches a new token once when PayPal revokes the one it had (401), and goes on', async () => {
    const adapter = provider()
    await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000009' })
    paypal.revokeTokens()
    const started = await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000010' })
    expect(started.providerRef).toMatch(/^[A-Z0-9]{17}$/)
    expect(paypal.requests.map((sent) => sent.path)).toEqual([
      '/v1/oauth2/token',
      '/v2/checkout/orders',
      '/v2/checkout/orders',
      '/v1/oauth2/token',
      '/v2/checkout/orders',
    ])
  })

  it('gets the same order back when the creation is replayed with the same PayPal-Request-Id', async () => {
    const adapter = provider()
    const first = await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000011' })
    const replay = await adapter.start({ ...request, paymentId: 'b7c1d2e3-0000-4000-8000-000000000011' })
    expect(replay).toEqual(first)
  })

  it('reports wrong credentials (401 invalid_client) as not retryable, without the secret or token', async () => {
    const error = await providerError(provider({ clientSecret: 'EWrongSecretForLoopbackOnly000000' }).start(request))
    expect(error.status).toBe(401)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('invalid_client')
    expect(error.message).not.toContain('EWrongSecretForLoopbackOnly000000')
  })

  it('reports 500 and 429 as retryable', async () => {
    paypal.behaviour = 'server-error'
    const serverError = await providerError(provider().start(request))
    expect(serverError.status).toBe(500)
    expect(serverError.retryable).toBe(true)
    paypal.behaviour = 'rate-limit'
    const limited = await providerError(provider().start(request))
    expect(limited.status).toBe(429)
    expect(limited.retryable).toBe(true)
  })

  it('reports a network failure and a server that never answers as retryable', async () => {
    const refused = await providerError(
      provider({ apiBaseUrl: `http://127.0.0.1:${await closedPort()}` }).start(request),
    )
    expect(refused.retryable).toBe(true)
    expect(refused.status).toBeUndefined()
    expect(refused.message).toMatch(/network error/)

    paypal.behaviour = 'hang'
    const started = Date.now()
    const slow = await providerError(provider({ timeoutMs: 200 }).start(request))
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(slow.retryable).toBe(true)
    expect(slow.message).toContain('200 ms')
  })
})

describe('PayPal provider: capture and state', () => {
  it('captures an approved order: paid; a second capture (webhook and return) is answered the same', async () => {
    const adapter = provider()
    const { providerRef } = await adapter.start({ ...request, paymentId: 'c0000000-0000-4000-8000-000000000001' })
    expect(await adapter.status(providerRef)).toBe('pending')
    paypal.approve(providerRef)
    expect(await adapter.status(providerRef)).toBe('pending')

    paypal.requests.length = 0
    expect(await adapter.complete?.(providerRef)).toBe('paid')
    const [capture] = paypal.requests
    expect(capture?.method).toBe('POST')
    expect(capture?.path).toBe(`/v2/checkout/orders/${providerRef}/capture`)
    expect(capture?.headers['paypal-request-id']).toBe(`capture-${providerRef}`)
    expect(capture?.headers.authorization).toMatch(/^Bearer A21AA/)

    expect(await adapter.complete?.(providerRef)).toBe('paid')
    expect(paypal.orders.get(providerRef)?.captures).toHaveLength(1)
    expect(await adapter.status(providerRef)).toBe('paid')
    // Another capture request (a new request id) is told the order is captured already: still paid.
    expect(await provider().complete?.(providerRef)).toBe('paid')
  })

  it('leaves an order the payer has not approved pending', async () => {
    const adapter = provider()
    const { providerRef } = await adapter.start({ ...request, paymentId: 'c0000000-0000-4000-8000-000000000002' })
    expect(await adapter.complete?.(providerRef)).toBe('pending')
    expect(paypal.orders.get(providerRef)?.status).toBe('PAYER_ACTION_REQUIRED')
  })

  it('reports a declined capture as failed, whether PayPal answers 422 INSTRUMENT_DECLINED or a DECLINED capture', async () => {
    const adapter = provider()
    const first = await adapter.start({ ...request, paymentId: 'c0000000-0000-4000-8000-000000000003' })
    paypal.approve(first.providerRef)
    paypal.behaviour = 'decline-422'
    expect(await adapter.complete?.(first.providerRef)).toBe('failed')

    paypal.behaviour = 'normal'
    const second = await adapter.start({ ...request, paymentId: 'c0000000-0000-4000-8000-000000000004' })
    paypal.approve(second.providerRef)
    paypal.behaviour = 'decline-201'
    expect(await adapter.complete?.(second.providerRef)).toBe('failed')
    paypal.behaviour = 'normal'
    expect(await adapter.status(second.providerRef)).toBe('failed')
  })

  it('keeps a capture PayPal holds for review pending', async () => {
    const adapter = provider()
    const { providerRef } = await adapter.start({ ...request, paymentId: 'c0000000-0000-4000-8000-000000000005' })
    paypal.approve(providerRef)
    paypal.behaviour = 'pending'
    expect(await adapter.complete?.(providerRef)).toBe('pending')
  })

  it('reports a capture PayPal cannot take now as a retryable error, and refuses what is not an order id', async () => {
    const adapter = provider()
    const { providerRef } = await adapter.start({ ...request, paymentId: 'c0000000-0000-4000-8000-000000000006' })
    paypal.approve(providerRef)
    paypal.behaviour = 'server-error'
    const failure = await providerError(adapter.complete?.(providerRef) ?? Promise.resolve())
    expect(failure.retryable).toBe(true)
    paypal.behaviour = 'normal'
    expect(await adapter.complete?.(providerRef)).toBe('paid')

    const bad = await providerError(adapter.complete?.('../../v1/oauth2/token') ?? Promise.resolve())
    expect(bad.retryable).toBe(false)
    const unknown = await providerError(adapter.status('ZZZZZZZZZZZZZZZZZ'))
    expect(unknown.status).toBe(404)
    expect(unknown.retryable).toBe(false)
  })
})

describe('PayPal provider: webhooks verified by PayPal', () => {
  const orderId = '5O190127TN364715T'

  function headersOf(delivery: { headers: Record<string, string> }) {
    return new Headers(delivery.headers)
  }

  it('asks PayPal to verify the delivery, sending the event back byte for byte, and reads an approval', async () => {
    // Spacing, a decimal written as 2490.50 and an escaped Thai letter: JSON.stringify would change all three.
    const raw = `{ "id": "WH-2WR32451HC0233532-67976317FL4543714", "event_type": "CHECKOUT.ORDER.APPROVED",
      "summary": "\\u0e0a\\u0e33\\u0e23\\u0e30", "resource": { "id": "${orderId}", "status": "APPROVED",
      "purchase_units": [ { "amount": { "currency_code": "THB", "value": 2490.50 } } ] } }`
    const delivery = paypal.webhook(raw)
    const update = await provider().parseWebhook(delivery.body, headersOf(delivery))

    expect(update).toEqual({
      providerRef: orderId,
      status: 'approved',
      eventId: 'WH-2WR32451HC0233532-67976317FL4543714',
    })
    const verify = paypal.requests.find((sent) => sent.path === '/v1/notifications/verify-webhook-signature')
    expect(verify?.headers.authorization).toMatch(/^Bearer A21AA/)
    expect(verify?.body).toContain(raw)
    expect(JSON.parse(verify?.body ?? '')).toMatchObject({
      auth_algo: 'SHA256withRSA',
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      cert_url: delivery.headers['paypal-cert-url'],
      webhook_id: paypal.webhookId,
    })
  })

  it('reads capture events: completed is paid, denied and declined are failed, pending stays pending', async () => {
    const adapter = provider()
    for (const [type, status] of [
      ['PAYMENT.CAPTURE.COMPLETED', 'paid'],
      ['PAYMENT.CAPTURE.DENIED', 'failed'],
      ['PAYMENT.CAPTURE.DECLINED', 'failed'],
      ['PAYMENT.CAPTURE.PENDING', 'pending'],
    ] as const) {
      const event = paypalEvent(type, captureResource(orderId, status.toUpperCase()))
      const delivery = paypal.webhook(event)
      expect(await adapter.parseWebhook(delivery.body, headersOf(delivery))).toEqual({
        providerRef: orderId,
        status,
        eventId: event.id,
      })
    }
  })

  it('refuses a tampered body, another webhook id, and a delivery without its transmission headers', async () => {
    const adapter = provider()
    const event = paypalEvent('PAYMENT.CAPTURE.COMPLETED', captureResource(orderId, 'COMPLETED'))
    const delivery = paypal.webhook(event)
    const tampered = delivery.body.replace(orderId, 'ZZZZZZZZZZZZZZZZZ')
    await webhookError(adapter.parseWebhook(tampered, headersOf(delivery)))

    const elsewhere = paypal.webhook(event, { webhookId: '1AB23456CD789012E' })
    await webhookError(adapter.parseWebhook(elsewhere.body, headersOf(elsewhere)))

    const requestsBefore = paypal.requests.length
    for (const header of Object.keys(delivery.headers).filter((name) => name.startsWith('paypal-'))) {
      const partial = new Headers(delivery.headers)
      partial.delete(header)
      await webhookError(adapter.parseWebhook(delivery.body, partial))
    }
    await webhookError(adapter.parseWebhook('not json', headersOf(delivery)))
    await webhookError(adapter.parseWebhook('{"id":"WH-1"}', headersOf(delivery)))
    // Nothing of that reached PayPal: refused before the verification call.
    expect(paypal.requests.length).toBe(requestsBefore)
  })

  it('ignores verified events it does not act on', async () => {
    const delivery = paypal.webhook(paypalEvent('PAYMENT.AUTHORIZATION.CREATED', captureResource(orderId, 'CREATED')))
    expect(await provider().parseWebhook(delivery.body, headersOf(delivery))).toBeNull()
  })

  it('reads PAYMENT.CAPTURE.REFUNDED as a refund of the capture its up link names (issue 31 item 7)', async () => {
    const refund = {
      id: '1JU08902781691411',
      status: 'COMPLETED',
      amount: { value: '10.99', currency_code: 'THB' },
      custom_id: '0f8e7a52-9d4c-4c59-8f3a-2b1c0d9e8f7a',
      invoice_id: 'AS2611-00042-R-0f8e7a52',
      links: [{ href: 'https://api.sandbox.paypal.com/v2/payments/captures/2GG279541U471931P', rel: 'up' }],
    }
    const delivery = paypal.webhook(paypalEvent('PAYMENT.CAPTURE.REFUNDED', refund))
    expect(await provider().parseWebhook(delivery.body, headersOf(delivery))).toEqual({
      kind: 'refund',
      eventId: expect.any(String),
      captureRef: '2GG279541U471931P',
      orderNumber: 'AS2611-00042',
      refundRef: '1JU08902781691411',
      amount: 1099,
      status: 'succeeded',
      refundId: '0f8e7a52-9d4c-4c59-8f3a-2b1c0d9e8f7a',
    })
  })

  it('reports a verification PayPal cannot answer now as a retryable error, not as a forged webhook', async () => {
    const delivery = paypal.webhook(paypalEvent('PAYMENT.CAPTURE.COMPLETED', captureResource(orderId, 'COMPLETED')))
    const adapter = provider()
    paypal.behaviour = 'server-error'
    const failure = await providerError(adapter.parseWebhook(delivery.body, headersOf(delivery)))
    expect(failure.retryable).toBe(true)
  })
})
