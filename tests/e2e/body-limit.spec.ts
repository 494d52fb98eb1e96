import { request as httpRequest } from 'node:http'
import { expect, test } from './test'

/**
 * Issue 15, item 7: a request body over 1 MiB is refused with 413 (JSON code and message) before the server
 * reads it, on every route that takes a body and in single-instance mode (no nginx in front): a declared
 * Content-Length at once, a chunked body without one as soon as more than 1 MiB has arrived.
 */

const MIB = 1024 * 1024
/** A JSON body of about 3 MB: one long string. */
const bigJson = () => `{"identifier":"${'a'.repeat(3_000_000)}"}`

type Answer = { status: number; body: string; ms: number }

/**
 * POSTs `chunks` with Transfer-Encoding: chunked (no Content-Length), as a streaming client does: like a browser,
 * it stops sending once the server has answered (the server leaves the rest of a refused body unread).
 */
function postChunked(url: string, headers: Record<string, string>, chunks: Iterable<string>): Promise<Answer> {
  const started = performance.now()
  let answered = false
  let onAnswer = () => {}
  const answer = new Promise<void>((done) => (onAnswer = done))
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      answered = true
      onAnswer()
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started })
        request.destroy()
      })
      response.on('error', reject)
    })
    // The server may answer and close before everything is sent: that is the point.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
    })
    const send = async () => {
      for (const chunk of chunks) {
        if (request.destroyed || answered) return
        if (!request.write(chunk)) await Promise.race([new Promise((done) => request.once('drain', done)), answer])
      }
      if (!answered) request.end()
    }
    send().catch(reject)
  })
}

function* pieces(total: number, size = 64 * 1024): Generator<string> {
  for (let sent = 0; sent < total; sent += size) yield 'a'.repeat(Math.min(size, total - sent))
}

const TARGETS = [
  { label: 'the product API', path: '/api/public/demo/auth/login-code', headers: {} },
  { label: 'a server function', path: '/_serverFn/abc123', headers: { 'x-tsr-serverfn': 'true' } },
  { label: 'a page', path: '/en/cart', headers: {} },
  { label: 'the LINE callback', path: '/account/line/callback', headers: {} },
] as const

test.describe('request bodies over 1 MiB', () => {
  // The server's first answer loads the app: not part of what "quickly" measures.
  test.beforeAll(async ({ request }) => {
    await request.get('/api/public/demo/categories?lang=en')
  })

  for (const target of TARGETS) {
    test(`${target.label} answers 413 to a 3 MB body with Content-Length, quickly`, async ({ request }) => {
      const started = performance.now()
      const response = await request.post(target.path, {
        headers: { 'content-type': 'application/json', ...target.headers },
        data: bigJson(),
        maxRedirects: 0,
      })
      expect(response.status()).toBe(413)
      expect(await response.json()).toEqual({ code: 413, message: expect.any(String) })
      expect(performance.now() - started).toBeLessThan(5_000)
    })
  }

  test('a chunked body without Content-Length over 1 MiB gets 413, on the API and a server function', async ({
    baseURL,
  }) => {
    for (const target of TARGETS.slice(0, 2)) {
      const answer = await postChunked(
        `${baseURL}${target.path}`,
        { 'content-type': 'application/json', ...target.headers },
        pieces(3 * MIB),
      )
      expect(answer.status, target.label).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ code: 413, message: expect.any(String) })
      expect(answer.ms).toBeLessThan(5_000)
    }
  })

  test('a chunked body within the limit still reaches the API', async ({ baseURL }) => {
    const body = JSON.stringify({ identifier: 'x'.repeat(200_000) })
    const answer = await postChunked(
      `${baseURL}/api/public/demo/auth/login-code`,
      { 'content-type': 'application/json' },
      [body.slice(0, 100_000), body.slice(100_000)],
    )
    // The API read the body and refused the identifier itself (400), not the size.
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 400 })
  })
})
