import { defineHandler } from 'nitro/h3'

/** The largest request body the server accepts (issue 15): the API, server functions and every other route. */
export const MAX_BODY_BYTES = 1024 * 1024

function tooLarge(): Response {
  return Response.json(
    { code: 413, message: 'The request body is too large' },
    // The rest of the body is not read: the connection is not reused.
    { status: 413, headers: { 'Cache-Control': 'no-store', Connection: 'close' } },
  )
}

/** How much more of a refused body is read and thrown away, at most, so that the client can take the 413. */
const DISCARD_BYTES = 16 * 1024 * 1024
const DISCARD_MS = 5_000

/**
 * Reads the rest of a refused body and throws it away (a "lingering close"), up to a bound: a client still sending
 * when the server closes gets a broken pipe instead of the 413. Past the bound the stream is cancelled.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + DISCARD_MS
  let discarded = 0
  for (;;) {
    if (discarded > DISCARD_BYTES || Date.now() > deadline) {
      await reader.cancel().catch(() => undefined)
      return
    }
    const { done, value } = await reader.read()
    if (done) return
    discarded += value.byteLength
  }
}

/**
 * Reads a body sent without a length (chunked) up to the limit: the bytes, or null as soon as there are more.
 * The rest is read and thrown away then (bounded), so a body of any size never takes more than the limit in memory.
 */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await discardRest(reader)
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** What the server runtime adds to its Request (client address, raw request, context, waitUntil), kept on a copy. */
const RUNTIME_KEYS = ['ip', 'runtime', 'context', 'waitUntil'] as const

/**
 * Refuses a request body over 1 MiB with 413 before anything reads it (without nginx, the single-instance
 * server read a 200 MiB JSON body whole): a declared Content-Length over the limit at once, a streamed body
 * (no Content-Length) as soon as more than the limit has arrived. A streamed body within the limit goes on
 * as a Request holding those bytes. Node itself ends a body at its declared Content-Length.
 */
export default defineHandler(async (event) => {
  const request = event.req
  const declared = request.headers.get('content-length')
  if (declared !== null) {
    const length = Number(declared)
    if (!Number.isFinite(length) || length > MAX_BODY_BYTES) return tooLarge()
    return
  }
  // Without either header a request has no body (HTTP/1.1). The body stream is not touched otherwise: reading
  // `body` of the server's Request starts consuming the socket (and a closed one then logs "aborted").
  if (request.method === 'GET' || request.method === 'HEAD' || !request.headers.has('transfer-encoding')) return
  if (!request.body) return
  const bytes = await readCapped(request.body, MAX_BODY_BYTES)
  if (bytes === null) return tooLarge()
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes,
    signal: request.signal,
  })
  for (const key of RUNTIME_KEYS) {
    if (key in request)
      Object.defineProperty(copy, key, { value: (request as unknown as Record<string, unknown>)[key] })
  }
  ;(event as { req: Request }).req = copy
})
