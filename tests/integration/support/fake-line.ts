import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A push as the fake Messaging API received it. */
export type PushRequest = {
  method: string | undefined
  path: string | undefined
  authorization: string | undefined
  contentType: string | undefined
  retryKey: string | undefined
  body: unknown
}
export type Behaviour = 'ok' | 'conflict' | 'bad-request' | 'echo-error' | 'rate-limit' | 'server-error' | 'hang'

export type PushBody = { to: string; messages: { type: string; text: string }[] }

export function isPushBody(body: unknown): body is PushBody {
  if (typeof body !== 'object' || body === null || !('to' in body) || !('messages' in body)) return false
  const { to, messages } = body
  return (
    typeof to === 'string' &&
    Array.isArray(messages) &&
    messages.length >= 1 &&
    messages.length <= 5 &&
    messages.every(
      (message: unknown) =>
        typeof message === 'object' &&
        message !== null &&
        'type' in message &&
        message.type === 'text' &&
        'text' in message &&
        typeof message.text === 'string' &&
        message.text.length >= 1 &&
        message.text.length <= 5000,
    )
  )
}

/** The texts of a push the fake received. */
export function sentTexts(request: PushRequest | undefined): string[] {
  const body = request?.body
  return isPushBody(body) ? body.messages.map((message) => message.text) : []
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response
    .writeHead(status, { 'content-type': 'application/json', 'x-line-request-id': randomUUID(), ...headers })
    .end(JSON.stringify(body))
}

/**
 * LINE's Messaging API push (`POST /v2/bot/message/push`) on loopback, as documented: the bearer channel access token,
 * its error bodies, and a retry key it accepted once answered 409 ever after. `behaviour` sets the next answers.
 */
export class FakeLine {
  readonly requests: PushRequest[] = []
  /** Retry keys of pushes the fake accepted, as LINE remembers them for 24 hours. */
  readonly acceptedKeys = new Set<string>()
  behaviour: Behaviour = 'ok'
  baseUrl = ''
  private readonly hanging = new Set<ServerResponse>()
  private server: Server | null = null

  constructor(readonly token: string) {}

  /** The pushes the fake accepted (answered 200), oldest first. */
  get accepted(): PushBody[] {
    return this.requests.flatMap((request) =>
      request.retryKey !== undefined && this.acceptedKeys.has(request.retryKey) && isPushBody(request.body)
        ? [request.body]
        : [],
    )
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    let body: unknown
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
    } catch {
      body = undefined
    }
    const retryKeyHeader = request.headers['x-line-retry-key']
    const retryKey = Array.isArray(retryKeyHeader) ? retryKeyHeader.join(',') : retryKeyHeader
    this.requests.push({
      method: request.method,
      path: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      retryKey,
      body,
    })

    if (request.headers.authorization !== `Bearer ${this.token}`) {
      return json(response, 401, {
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      })
    }
    if (request.method !== 'POST' || request.url !== '/v2/bot/message/push') return json(response, 404, {})
    if (request.headers['content-type']?.split(';')[0]?.trim() !== 'application/json') {
      return json(response, 415, { message: 'Unsupported Media Type' })
    }
    if (!isPushBody(body)) return json(response, 400, { message: 'The request body has 1 error(s)' })
    if (!/^U[0-9a-f]{32}$/.test(body.to)) {
      return json(response, 400, { message: "The property, 'to', in the request body is invalid (line:-, column:-)" })
    }
    // LINE answers 409 to any push whose retry key it accepted before, whatever else is going on.
    const answer: Behaviour = retryKey !== undefined && this.acceptedKeys.has(retryKey) ? 'conflict' : this.behaviour

    switch (answer) {
      case 'hang':
        this.hanging.add(response)
        response.on('close', () => this.hanging.delete(response))
        return
      case 'server-error':
        return json(response, 500, { message: 'Internal server error' })
      case 'rate-limit':
        return json(response, 429, { message: 'The API rate limit has been exceeded. Try again later.' })
      case 'bad-request':
        return json(response, 400, {
          message: 'The request body has 1 error(s)',
          details: [{ message: 'Must be one of the following values: [text, image]', property: 'messages[0].type' }],
        })
      case 'echo-error':
        // Quotes the token, the text and the first message back, to check none of it reaches the error.
        return json(response, 400, {
          message: `Cannot send "${body.messages.map((message) => message.text).join('')}" with ${this.token}`,
          details: [{ message: `Invalid text: ${body.messages[0]?.text ?? ''}`, property: 'messages[0].text' }],
        })
      case 'conflict':
        return json(
          response,
          409,
          { message: 'The retry key is already accepted', sentMessages: [{ id: '461230966842064897' }] },
          { 'x-line-accepted-request-id': randomUUID() },
        )
      case 'ok':
        if (retryKey !== undefined) this.acceptedKeys.add(retryKey)
        return json(response, 200, {
          sentMessages: body.messages.map((_, index) => ({ id: `46123096684206${index}`, quoteToken: 'q' })),
        })
    }
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => response.destroy(error as Error))
    })
    this.server = server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  reset(): void {
    this.requests.length = 0
    this.acceptedKeys.clear()
    this.behaviour = 'ok'
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    for (const response of this.hanging) response.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
