import { constants, createBrotliCompress, createGzip } from 'node:zlib'

type Encoding = 'br' | 'gzip'

/** The streamed pages' brotli window: 2^18 bytes. */
export const BROTLI_WINDOW_BITS = 18

/** The encoding for a page: brotli or gzip when the browser accepts it (and does not refuse it with q=0). */
export function pageEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

/**
 * `body` compressed, flushed once the chunks that arrived together are written, so that a streamed page reaches the
 * browser as it is rendered (the web CompressionStream holds everything back until its buffer fills). A flush per
 * chunk cost a sixth of a page's time (issue 18's profile): React writes a page in many small chunks at once.
 */
function compress(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const zlib =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            // A 256 KB window instead of brotli's default 4 MB: a page fits in it, and the encoder no longer
            // allocates and clears 4 MB per answer, a large part of an uncached page's cost (issue 29 item 25,
            // decision 166: the login page went from 78 to 122 answers a second on one core).
            [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
          },
        })
      : createGzip({ level: 6 })
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH
  const reader = body.getReader()
  let ended = false
  let flushPending = false
  const flushSoon = () => {
    if (flushPending) return
    flushPending = true
    setImmediate(() => {
      flushPending = false
      if (!ended && !zlib.destroyed) zlib.flush(flushKind)
    })
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zlib.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)))
      zlib.once('end', () => controller.close())
      zlib.once('error', (error) => controller.error(error))
    },
    async pull() {
      // Everything the renderer has ready is written before the stream is flushed once.
      for (;;) {
        if (ended) return
        const { done, value } = await reader.read()
        if (zlib.destroyed) return
        if (done) {
          ended = true
          zlib.end()
          return
        }
        zlib.write(value)
        flushSoon()
        // Wait for more only while the compressor has room; the browser's reading paces the rest.
        if (zlib.writableNeedDrain) {
          await new Promise<void>((resolve) => zlib.once('drain', () => resolve()))
          return
        }
      }
    },
    cancel(reason) {
      zlib.destroy()
      return reader.cancel(reason)
    },
  })
}

/**
 * The page compressed for the browser (brotli or gzip, as it accepts): HTML only, whose size is what a
 * shopper on a phone waits for; static files are compressed at build time (compressPublicAssets). The
 * response's own headers must be writable (they are: the page middleware sets them).
 */
export function compressPage(request: Request, response: Response): Response {
  if (!response.body || request.method === 'HEAD' || response.headers.has('Content-Encoding')) return response
  if (!(response.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/html')) return response
  const vary = response.headers.get('Vary')
  response.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  const encoding = pageEncoding(request.headers.get('accept-encoding'))
  if (!encoding) return response
  const headers = new Headers(response.headers)
  headers.set('Content-Encoding', encoding)
  headers.delete('Content-Length')
  return new Response(compress(response.body, encoding), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
