import { randomUUID } from 'node:crypto'
import { createServer as createTcpServer, type AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLinePushSender } from '~/api/providers/line-messaging.server'
import { DeliveryError } from '~/api/providers/messages'
import { FakeLine, sentTexts } from './support/fake-line'

const TOKEN = 'chan+nel/Acc3ss=Tok3n.secret'
const USER_ID = 'U4af4980629a1b2c3d4e5f60718293a4b'
const TEXT = 'Your order TH-2025-0042 has shipped. Track it at https://shop.test/orders/TH-2025-0042'

/** Settles a promise that must reject, and checks it rejected with a DeliveryError holding neither token nor text. */
async function deliveryError(promise: Promise<unknown>, text: string): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(DeliveryError)
  const deliveryError = error as DeliveryError
  expect(deliveryError.provider).toBe('line')
  expect(deliveryError.message).not.toContain(TOKEN)
  expect(deliveryError.message).not.toContain(text)
  const inspected = inspect(deliveryError, { depth: 5 })
  expect(inspected).not.toContain(TOKEN)
  expect(inspected).not.toContain(text)
  return deliveryError
}

/** A port nothing listens on: bound, read, then released. */
async function closedPort(): Promise<number> {
  const server = createTcpServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('LINE push sender', () => {
  const fake = new FakeLine(TOKEN)
  const { requests, acceptedKeys } = fake

  function createSender(overrides: { channelAccessToken?: string; timeoutMs?: number; apiBaseUrl?: string } = {}) {
    return createLinePushSender({ channelAccessToken: TOKEN, apiBaseUrl: fake.baseUrl, ...overrides })
  }

  beforeAll(() => fake.start())
  beforeEach(() => fake.reset())
  afterAll(() => fake.stop())

  it('pushes one text message with the bearer token, JSON and the retry key', async () => {
    const retryKey = randomUUID()
    await createSender().push({ to: USER_ID, text: TEXT, retryKey })

    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/v2/bot/message/push')
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`)
    expect(request?.contentType).toMatch(/^application\/json/)
    expect(request?.retryKey).toBe(retryKey)
    expect(request?.body).toEqual({ to: USER_ID, messages: [{ type: 'text', text: TEXT }] })
  })

  it('sends no retry key header when none is given, and accepts an empty {} answer body', async () => {
    const sender = createLinePushSender({
      channelAccessToken: TOKEN,
      apiBaseUrl: `${fake.baseUrl}/`,
      fetch: async (input, init) => {
        // The real answer is read and replaced by the bare `{}` that older API versions send.
        const response = await fetch(input, init)
        await response.text()
        return new Response('{}', { status: response.status, headers: { 'content-type': 'application/json' } })
      },
    })
    await sender.push({ to: USER_ID, text: 'รายการสั่งซื้อของคุณจัดส่งแล้ว' })

    expect(requests).toHaveLength(1)
    expect(requests[0]?.path).toBe('/v2/bot/message/push')
    expect(requests[0]?.retryKey).toBeUndefined()
    expect(sentTexts(requests[0])).toEqual(['รายการสั่งซื้อของคุณจัดส่งแล้ว'])
  })

  it('splits a 6,000-character text into two messages in one push', async () => {
    const text = Array.from({ length: 6000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join('')
    await createSender().push({ to: USER_ID, text })

    expect(requests).toHaveLength(1)
    const texts = sentTexts(requests[0])
    expect(texts.map((part) => part.length)).toEqual([5000, 1000])
    expect(texts.join('')).toBe(text)
  })

  it('never cuts a Thai syllable from its vowel and tone marks', async () => {
    const syllable = 'ที่' // consonant + vowel sign + tone mark: one grapheme, three UTF-16 units
    const text = syllable.repeat(2000)
    await createSender().push({ to: USER_ID, text })

    const texts = sentTexts(requests[0])
    expect(texts.map((part) => part.length)).toEqual([4998, 1002])
    expect(texts.every((part) => part.startsWith('ท'))).toBe(true)
    expect(texts.join('')).toBe(text)
  })

  it('sends up to 5 full messages and refuses more without calling LINE, as not retryable', async () => {
    await createSender().push({ to: USER_ID, text: 'x'.repeat(25_000) })
    expect(sentTexts(requests[0]).map((part) => part.length)).toEqual([5000, 5000, 5000, 5000, 5000])

    requests.length = 0
    const text = 'y'.repeat(25_001)
    const error = await deliveryError(createSender().push({ to: USER_ID, text }), text)
    expect(requests).toHaveLength(0)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('exceed the limit of num of messages')
  })

  it('treats 409 for a retry key LINE already accepted as success', async () => {
    const sender = createSender()
    const retryKey = randomUUID()
    fake.behaviour = 'server-error'
    const first = await deliveryError(sender.push({ to: USER_ID, text: TEXT, retryKey }), TEXT)
    expect(first.retryable).toBe(true)

    fake.behaviour = 'ok'
    await sender.push({ to: USER_ID, text: TEXT, retryKey })
    // The answer to the second try got lost; the third try with the same key finds it accepted.
    await sender.push({ to: USER_ID, text: TEXT, retryKey })

    expect(requests.map((request) => request.retryKey)).toEqual([retryKey, retryKey, retryKey])
    expect(acceptedKeys).toEqual(new Set([retryKey]))
  })

  it('reports 409 without a retry key as not retryable', async () => {
    fake.behaviour = 'conflict'
    const error = await deliveryError(createSender().push({ to: USER_ID, text: TEXT }), TEXT)

    expect(requests).toHaveLength(1)
    expect(error.status).toBe(409)
    expect(error.retryable).toBe(false)
  })

  it('reports 400 as not retryable, with LINE’s message and details', async () => {
    fake.behaviour = 'bad-request'
    const error = await deliveryError(createSender().push({ to: USER_ID, text: TEXT, retryKey: randomUUID() }), TEXT)

    expect(error.status).toBe(400)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('The request body has 1 error(s)')
    expect(error.message).toContain('messages[0].type')
  })

  it('reports 401 (wrong token) as not retryable without quoting either token', async () => {
    const wrong = 'wrong-token-0123'
    const error = await deliveryError(
      createSender({ channelAccessToken: wrong }).push({ to: USER_ID, text: TEXT }),
      TEXT,
    )

    expect(requests).toHaveLength(1)
    expect(requests[0]?.authorization).toBe(`Bearer ${wrong}`)
    expect(error.status).toBe(401)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('Authentication failed')
    expect(error.message).not.toContain(wrong)
  })

  it('reports 429 and 500 as retryable', async () => {
    fake.behaviour = 'rate-limit'
    const limited = await deliveryError(createSender().push({ to: USER_ID, text: TEXT }), TEXT)
    expect(limited.status).toBe(429)
    expect(limited.retryable).toBe(true)

    fake.behaviour = 'server-error'
    const broken = await deliveryError(createSender().push({ to: USER_ID, text: TEXT }), TEXT)
    expect(broken.status).toBe(500)
    expect(broken.retryable).toBe(true)
    expect(requests).toHaveLength(2)
  })

  it('gives up on a server that never answers, as retryable', async () => {
    fake.behaviour = 'hang'
    const started = Date.now()
    const error = await deliveryError(createSender({ timeoutMs: 200 }).push({ to: USER_ID, text: TEXT }), TEXT)

    expect(requests).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(error.retryable).toBe(true)
    expect(error.status).toBeUndefined()
    expect(error.message).toContain('200 ms')
  })

  it('reports a refused connection as retryable', async () => {
    const sender = createSender({ apiBaseUrl: `http://127.0.0.1:${await closedPort()}` })
    const error = await deliveryError(sender.push({ to: USER_ID, text: TEXT }), TEXT)

    expect(error.retryable).toBe(true)
    expect(error.message).toContain('ECONNREFUSED')
  })

  it('keeps the token and the text (whole or one message of it) out of an error that quotes them', async () => {
    fake.behaviour = 'echo-error'
    const text = `${'z'.repeat(5000)}${TEXT}`
    const error = await deliveryError(createSender().push({ to: USER_ID, text }), text)

    expect(sentTexts(requests[0])).toHaveLength(2)
    expect(error.status).toBe(400)
    expect(error.message).not.toContain(TEXT)
    expect(error.message).not.toContain('z'.repeat(5000))
    expect(error.message).toContain('[message]')
    expect(error.message).toContain('[token]')
  })

  it('refuses a bad user id, a bad retry key or an empty text without calling LINE', async () => {
    const sender = createSender()
    for (const to of ['', 'U123', `u${USER_ID.slice(1)}`, `C${USER_ID.slice(1)}`, `${USER_ID.toUpperCase()}`]) {
      const error = await deliveryError(sender.push({ to, text: TEXT }), TEXT)
      expect(error.retryable).toBe(false)
      expect(error.status).toBeUndefined()
    }
    const badKey = await deliveryError(sender.push({ to: USER_ID, text: TEXT, retryKey: 'not-a-uuid' }), TEXT)
    expect(badKey.retryable).toBe(false)
    const empty = await deliveryError(sender.push({ to: USER_ID, text: '' }), TEXT)
    expect(empty.retryable).toBe(false)

    expect(requests).toHaveLength(0)
  })

  it('refuses a token fetch could not send, without quoting it', () => {
    const token = `${TOKEN}\nX-Injected: 1`
    expect(() => createLinePushSender({ channelAccessToken: token })).toThrow(TypeError)
    try {
      createLinePushSender({ channelAccessToken: token })
    } catch (error) {
      expect(inspect(error)).not.toContain(TOKEN)
    }
  })
})
