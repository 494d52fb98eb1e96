import { defineHandler } from 'nitro/h3'

/** The largest request body the server accepts (issue 15): the API, server functions and every other route. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * A transfer slip's upload (issue 31 item 6) may be a phone photo of up to 5 MB: its routes (the API's, and the order
 * page's that passes it on) take up to 8 MiB, so that
 * a picture somewhat over 5 MB is refused by the route in the shopper's language (SLIP_REFUSED, tooLarge).
 */
export const SLIP_BODY_BYTES = 8 * 1024 * 1024
const SLIP_UPLOAD_PATHS = [/^\/api\/public\/[^/]+\/orders\/[^/]+\/slip$/, /^(\/[a-z]{2})?\/order\/[^/]+\/slip$/]

/**
 * A product picture uploaded in the back office (issue 32 item 2, decision 194) may be a camera's full-size photo of
 * up to 15 MB: its route takes up to 16 MiB, so a file somewhat over 15 MB is refused by the admin API in the staff's
 * language (PICTURE_REFUSED, tooLarge).
 */
export const PICTURE_BODY_BYTES = 16 * 1024 * 1024
const PICTURE_UPLOAD_PATHS = [
  /^\/api\/admin\/[^/]+\/products\/[^/]+\/pictures$/,
  // A collection's picture and a home page hero's (issue 32 item 6, decision 198): the same check, the same limit.
  /^\/api\/admin\/[^/]+\/collections\/[^/]+\/picture$/,
  /^\/api\/admin\/[^/]+\/site\/pictures$/,
  // An info page's or an editorial's picture (issue 32 item 6, decision 197).
  /^\/api\/admin\/[^/]+\/content\/pictures$/,
]

/**
 * A CSV file imported in the back office (issue 32 item 7, decision 199) may be up to 10 MB: its routes (check, report,
 * apply) take up to 11 MiB, so that a file somewhat over 10 MB is refused by the admin API in the staff's language
 * (CSV_REFUSED, tooLarge).
 */
export const CSV_BODY_BYTES = 11 * 1024 * 1024
const CSV_UPLOAD_PATH = /^\/api\/admin\/[^/]+\/csv\/(products|stock|prices)\/(check|report|apply)$/

/** The largest body this request may have. */
function limitOf(request: Request): number {
  if (request.method !== 'POST') return MAX_BODY_BYTES
  const path = new URL(request.url).pathname
  if (PICTURE_UPLOAD_PATHS.some((pattern) => pattern.test(path))) return PICTURE_BODY_BYTES
  if (CSV_UPLOAD_PATH.test(path)) return CSV_BODY_BYTES
  return SLIP_UPLOAD_PATHS.some((pattern) => pattern.test(path)) ? SLIP_BODY_BYTES : MAX_BODY_BYTES
}

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
  const limit = limitOf(request)
  if (declared !== null) {
    const length = Number(declared)
    if (!Number.isFinite(length) || length > limit) {
      // A body of a size a client may well finish sending is read and thrown away first (bounded), so the client,
      // still writing, takes the 413 instead of a broken pipe (EPIPE) when the server closes. A larger one is
      // answered at once.
      if (Number.isFinite(length) && length <= DISCARD_BYTES && request.body)
        await discardRest(request.body.getReader())
      return tooLarge()
    }
    return
  }
  // Without either header a request has no body (HTTP/1.1). The body stream is not touched otherwise: reading
  // `body` of the server's Request starts consuming the socket (and a closed one then logs "aborted").
  if (request.method === 'GET' || request.method === 'HEAD' || !request.headers.has('transfer-encoding')) return
  if (!request.body) return
  const bytes = await readCapped(request.body, limit)
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
