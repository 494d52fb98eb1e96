import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { inspect } from 'node:util'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DeliveryError, type OutboundMessage } from '~/api/providers/messages'
import { createHttpSmsSender } from '~/api/providers/sms-http.server'
import { createSmtpSender } from '~/api/providers/smtp.server'

const CODE = '482913'

/** Settles a promise that must reject, and checks it rejected with a DeliveryError that does not leak the code. */
async function deliveryError(promise: Promise<unknown>, messageText: string): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(DeliveryError)
  const deliveryError = error as DeliveryError
  expect(deliveryError.name).toBe('DeliveryError')
  expect(deliveryError.message).not.toContain(messageText)
  expect(deliveryError.message).not.toContain(CODE)
  expect(inspect(deliveryError, { depth: 5 })).not.toContain(CODE)
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

describe('SMTP sender', () => {
  type ReceivedMail = {
    mailFrom: string | null
    rcptTo: string[]
    user: unknown
    headers: Map<string, string>
    body: string
  }

  const email: OutboundMessage = {
    channel: 'email',
    to: 'customer@example.com',
    subject: 'Your sign-in code',
    text: `Your sign-in code is ${CODE}. It expires in 10 minutes.`,
    html: `<p>Your sign-in code is <b>${CODE}</b>.</p>`,
  }
  const FROM = 'Shop <no-reply@shop.test>'
  const REFUSED_RECIPIENTS = new Map([
    ['busy@example.com', 450],
    ['nobody@example.com', 550],
  ])
  const USER = 'mailer'
  const PASSWORD = 'p@ss w0rd:/'

  const received: ReceivedMail[] = []
  const servers: SMTPServer[] = []
  let openPort: number
  let authPort: number
  let silentPort: number
  const silentSockets = new Set<Socket>()
  const silentServer = createTcpServer((socket) => {
    silentSockets.add(socket)
    socket.on('close', () => silentSockets.delete(socket))
  })

  function parseMail(raw: string): { headers: Map<string, string>; body: string } {
    const split = raw.indexOf('\r\n\r\n')
    const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
    const headers = new Map<string, string>()
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':')
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
    }
    return { headers, body: raw.slice(split + 4) }
  }

  async function startSmtp(options: SMTPServerOptions): Promise<number> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      logger: false,
      // 450 and 550 on chosen recipients, to see how SMTP replies map to retryable.
      onRcptTo(address, _session, callback) {
        const reply = REFUSED_RECIPIENTS.get(address.address)
        if (reply === undefined) return callback()
        callback(Object.assign(new Error(`Mailbox unavailable`), { responseCode: reply }))
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const { mailFrom, rcptTo } = session.envelope
          received.push({
            mailFrom: mailFrom === false ? null : mailFrom.address,
            rcptTo: rcptTo.map((recipient) => recipient.address),
            user: session.user,
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
          })
          callback()
        })
      },
      ...options,
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.server.address() as AddressInfo).port
  }

  beforeAll(async () => {
    openPort = await startSmtp({ authOptional: true })
    authPort = await startSmtp({
      authOptional: false,
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: auth.username })
        callback(new Error('Invalid username or password'))
      },
    })
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve))
    silentPort = (silentServer.address() as AddressInfo).port
  })

  beforeEach(() => {
    received.length = 0
  })

  afterAll(async () => {
    for (const socket of silentSockets) socket.destroy()
    await new Promise<void>((resolve) => silentServer.close(() => resolve()))
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(resolve))))
  })

  it('delivers the message with its recipient, sender, subject, text and html', async () => {
    const sender = createSmtpSender({ url: `smtp://127.0.0.1:${openPort}`, from: FROM })
    try {
      const result = await sender.send(email)

      expect(received).toHaveLength(1)
      const [mail] = received
      expect(mail?.mailFrom).toBe('no-reply@shop.test')
      expect(mail?.rcptTo).toEqual(['customer@example.com'])
      expect(mail?.headers.get('to')).toBe('customer@example.com')
      expect(mail?.headers.get('from')).toBe(FROM)
      expect(mail?.headers.get('subject')).toBe('Your sign-in code')
      expect(mail?.headers.get('content-type')).toMatch(/^multipart\/alternative/)
      expect(mail?.body).toMatch(/Content-Type: text\/plain/)
      expect(mail?.body).toMatch(/Content-Type: text\/html/)
      expect(mail?.body.split(CODE)).toHaveLength(3) // once in the text part, once in the html part
      expect(result.providerMessageId).toBe(mail?.headers.get('message-id'))
      expect(result.providerMessageId).toMatch(/^<.+@shop\.test>$/)
    } finally {
      sender.close()
    }
  })

  it('logs in with the user and password from the URL', async () => {
    const url = `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${authPort}`
    const sender = createSmtpSender({ url, from: FROM })
    try {
      await sender.send({ ...email, html: undefined })

      expect(received).toHaveLength(1)
      expect(received[0]?.user).toBe(USER)
      expect(received[0]?.rcptTo).toEqual(['customer@example.com'])
      expect(received[0]?.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(received[0]?.body).toContain(CODE)
    } finally {
      sender.close()
    }
  })

  it('reports a wrong password as not retryable, without sending anything', async () => {
    const url = `smtp://${USER}:wrong@127.0.0.1:${authPort}`
    const sender = createSmtpSender({ url, from: FROM })
    try {
      const error = await deliveryError(sender.send(email), email.text)
      expect(error.provider).toBe('smtp')
      expect(error.retryable).toBe(false)
      expect(error.status).toBe(535)
      expect(received).toHaveLength(0)
    } finally {
      sender.close()
    }
  })

  it('reports a refused connection as retryable', async () => {
    const sender = createSmtpSender({ url: `smtp://127.0.0.1:${await closedPort()}`, from: FROM })
    try {
      const error = await deliveryError(sender.send(email), email.text)
      expect(error.retryable).toBe(true)
      expect(error.status).toBeUndefined()
      expect(error.message).toContain('ECONNREFUSED')
    } finally {
      sender.close()
    }
  })

  it('reports a server that never greets as retryable once the timeout passes', async () => {
    const sender = createSmtpSender({ url: `smtp://127.0.0.1:${silentPort}`, from: FROM, timeoutMs: 200 })
    try {
      const started = Date.now()
      const error = await deliveryError(sender.send(email), email.text)
      expect(error.retryable).toBe(true)
      expect(error.message).toContain('ETIMEDOUT')
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      sender.close()
    }
  })

  it('maps a 4xx reply to retryable and a 5xx reply to not retryable', async () => {
    const sender = createSmtpSender({ url: `smtp://127.0.0.1:${openPort}`, from: FROM })
    try {
      const busy = await deliveryError(sender.send({ ...email, to: 'busy@example.com' }), email.text)
      expect(busy.status).toBe(450)
      expect(busy.retryable).toBe(true)

      const unknown = await deliveryError(sender.send({ ...email, to: 'nobody@example.com' }), email.text)
      expect(unknown.status).toBe(550)
      expect(unknown.retryable).toBe(false)
      expect(received).toHaveLength(0)
    } finally {
      sender.close()
    }
  })

  it('refuses an SMS message without connecting', async () => {
    const sender = createSmtpSender({ url: `smtp://127.0.0.1:${openPort}`, from: FROM })
    try {
      const error = await deliveryError(sender.send({ ...email, channel: 'sms', to: '+66812345678' }), email.text)
      expect(error.retryable).toBe(false)
      expect(received).toHaveLength(0)
    } finally {
      sender.close()
    }
  })
})

describe('ThaiBulkSMS sender', () => {
  type SmsRequest = {
    method: string | undefined
    path: string | undefined
    authorization: string | undefined
    contentType: string | undefined
    form: URLSearchParams
  }
  type Behaviour = 'sent' | 'server-error' | 'bad-number' | 'echo-error' | 'hang'

  const API_KEY = 'key-123'
  const API_SECRET = 'secret-456'
  const sms: OutboundMessage = {
    channel: 'sms',
    to: '+66812345678',
    subject: 'Sign-in code',
    text: `Your code is ${CODE}`,
  }

  const requests: SmsRequest[] = []
  const hanging = new Set<ServerResponse>()
  let behaviour: Behaviour = 'sent'
  let server: Server
  let baseUrl: string

  function json(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  function providerError(response: ServerResponse, status: number, name: string, description: string) {
    json(response, status, { error: { code: status, name, description } })
  }

  /** Behaves like the documented `POST /sms`: Basic auth, a form body, 201 with the per-number lists. */
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    requests.push({
      method: request.method,
      path: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    })

    const expected = `Basic ${Buffer.from(`${API_KEY}:${API_SECRET}`).toString('base64')}`
    if (request.headers.authorization !== expected) {
      return providerError(response, 401, 'UNAUTHORIZED', 'Invalid API key or secret')
    }
    if (request.method !== 'POST' || request.url !== '/sms') return providerError(response, 404, 'NOT_FOUND', '')
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return providerError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a form')
    }
    const msisdn = form.get('msisdn') ?? ''
    const number = msisdn.startsWith('0') ? `66${msisdn.slice(1)}` : msisdn

    switch (behaviour) {
      case 'hang':
        hanging.add(response)
        response.on('close', () => hanging.delete(response))
        return
      case 'server-error':
        return providerError(response, 500, 'INTERNAL_SERVER_ERROR', 'Something went wrong')
      case 'echo-error':
        return providerError(response, 400, 'INVALID_MESSAGE', `Cannot send "${form.get('message') ?? ''}"`)
      case 'bad-number':
        return json(response, 201, {
          remaining_credit: 99,
          total_use_credit: 0,
          credit_type: 'standard',
          phone_number_list: [],
          bad_phone_number_list: [{ number, message: 'Invalid phone number' }],
        })
      case 'sent':
        return json(response, 201, {
          remaining_credit: 99,
          total_use_credit: 1,
          credit_type: 'standard',
          phone_number_list: [{ number, message_id: `msg-${number}`, used_credit: 1 }],
          bad_phone_number_list: [],
        })
    }
  }

  function createSender(overrides: { apiSecret?: string; timeoutMs?: number; baseUrl?: string } = {}) {
    return createHttpSmsSender({ baseUrl, apiKey: API_KEY, apiSecret: API_SECRET, sender: 'SHOP', ...overrides })
  }

  beforeAll(async () => {
    server = createHttpServer((request, response) => {
      handle(request, response).catch((error: unknown) => response.destroy(error as Error))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  beforeEach(() => {
    requests.length = 0
    behaviour = 'sent'
  })

  afterAll(async () => {
    for (const response of hanging) response.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('sends a Thai number in domestic form with the sender name and text', async () => {
    const result = await createSender().send(sms)

    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/sms')
    expect(request?.authorization).toBe(`Basic ${Buffer.from('key-123:secret-456').toString('base64')}`)
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/)
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      msisdn: '0812345678',
      message: `Your code is ${CODE}`,
      sender: 'SHOP',
    })
    expect(result).toEqual({ providerMessageId: 'msg-66812345678' })
  })

  it('sends a foreign number as E.164 digits and keeps non-Latin text intact', async () => {
    const text = `รหัสของคุณคือ ${CODE}`
    const result = await createSender({ baseUrl: `${baseUrl}/` }).send({ ...sms, to: '+14155550123', text })

    expect(requests).toHaveLength(1)
    expect(requests[0]?.path).toBe('/sms')
    expect(requests[0]?.form.get('msisdn')).toBe('14155550123')
    expect(requests[0]?.form.get('message')).toBe(text)
    expect(result.providerMessageId).toBe('msg-14155550123')
  })

  it('reports 401 (wrong credentials) as not retryable', async () => {
    const error = await deliveryError(createSender({ apiSecret: 'wrong' }).send(sms), sms.text)

    expect(requests).toHaveLength(1)
    expect(requests[0]?.authorization).toBe(`Basic ${Buffer.from('key-123:wrong').toString('base64')}`)
    expect(error.provider).toBe('thaibulksms')
    expect(error.status).toBe(401)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('UNAUTHORIZED')
  })

  it('reports 500 as retryable', async () => {
    behaviour = 'server-error'
    const error = await deliveryError(createSender().send(sms), sms.text)

    expect(requests).toHaveLength(1)
    expect(error.status).toBe(500)
    expect(error.retryable).toBe(true)
  })

  it('keeps the message text out of the error when the provider echoes it', async () => {
    behaviour = 'echo-error'
    const error = await deliveryError(createSender().send(sms), sms.text)

    expect(requests[0]?.form.get('message')).toBe(sms.text)
    expect(error.status).toBe(400)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('INVALID_MESSAGE')
  })

  it('reports a number in bad_phone_number_list as not retryable', async () => {
    behaviour = 'bad-number'
    const error = await deliveryError(createSender().send(sms), sms.text)

    expect(requests).toHaveLength(1)
    expect(requests[0]?.form.get('msisdn')).toBe('0812345678')
    expect(error.status).toBe(201)
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('Invalid phone number')
  })

  it('gives up on a server that never answers, as retryable', async () => {
    behaviour = 'hang'
    const started = Date.now()
    const error = await deliveryError(createSender({ timeoutMs: 200 }).send(sms), sms.text)

    expect(requests).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(error.retryable).toBe(true)
    expect(error.status).toBeUndefined()
    expect(error.message).toContain('200 ms')
  })

  it('reports a refused connection as retryable', async () => {
    const error = await deliveryError(
      createSender({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).send(sms),
      sms.text,
    )

    expect(error.retryable).toBe(true)
    expect(error.message).toContain('ECONNREFUSED')
  })

  it('refuses a number that is not E.164 without calling the API', async () => {
    const error = await deliveryError(createSender().send({ ...sms, to: '0812345678' }), sms.text)

    expect(requests).toHaveLength(0)
    expect(error.retryable).toBe(false)
  })
})
