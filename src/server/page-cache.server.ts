import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { AbVariant } from '~/analytics/ab'
import type { LocaleCode } from '~/i18n/locales'
import type { RegionInfo } from '~/region/region'

/**
 * The shared cache of public pages (issue 18, decision 027): the HTML of a page rendered without anyone's data,
 * kept under everything that varies it, and answered again with a fresh CSP nonce and compressed for the browser.
 */

/** One page as rendered: its HTML cut at every occurrence of the render's nonce, its status and headers. */
export type StoredPage = {
  parts: Buffer[]
  status: number
  headers: Array<[string, string]>
  bytes: number
}

type Entry = StoredPage & { expires: number }

/** A page larger than this is answered but not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024

/** Least recently used pages go first once the cache holds more than `maxBytes` of HTML. */
export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private held = 0

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): StoredPage | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expires <= this.now()) {
      this.held -= entry.bytes
      return undefined
    }
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, page: StoredPage): boolean {
    if (page.bytes > MAX_PAGE_BYTES || page.bytes > this.maxBytes) return false
    this.delete(key)
    this.entries.set(key, { ...page, expires: this.now() + this.maxAgeMs })
    this.held += page.bytes
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes) break
      this.entries.delete(oldest)
      this.held -= entry.bytes
    }
    return true
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.held -= entry.bytes
  }

  clear(): void {
    this.entries.clear()
    this.held = 0
  }

  get size(): number {
    return this.entries.size
  }

  get bytes(): number {
    return this.held
  }
}

export { isSharedPagePath } from '~/routing/shared-pages'

export type PageVariance = {
  /** The path and query as requested (the language prefix included). */
  path: string
  search: string
  locale: LocaleCode
  region: Pick<RegionInfo, 'countryCode' | 'ISOCurrencyCode' | 'loaded'>
  abVariant: AbVariant
  /** The cookie choice as the page renders it (null: the banner shows). */
  consent: { accepted: boolean; ga: boolean; ad: boolean } | null
  host: string | null
}

/** Everything a shared page varies on, as one key. */
export function pageCacheKey(variance: PageVariance): string {
  const consent = variance.consent
    ? `${Number(variance.consent.accepted)}${Number(variance.consent.ga)}${Number(variance.consent.ad)}`
    : '-'
  return [
    variance.host ?? '',
    variance.path + variance.search,
    variance.locale,
    variance.region.countryCode,
    variance.region.ISOCurrencyCode,
    variance.region.loaded ? '1' : '0',
    variance.abVariant,
    consent,
  ].join('\n')
}

/** `html` cut at every occurrence of `nonce` (the parts between them; one more part than occurrences). */
export function splitOnNonce(html: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce)
  const parts: Buffer[] = []
  let from = 0
  for (let at = html.indexOf(needle, from); at !== -1; at = html.indexOf(needle, from)) {
    parts.push(html.subarray(from, at))
    from = at + needle.length
  }
  parts.push(html.subarray(from))
  // Copies, so that the kept page does not hold on to the rendered stream's larger buffers.
  return parts.map((part) => Buffer.from(part))
}

/** The stored page's HTML with `nonce` wherever the render had its own. */
export function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  const needle = Buffer.from(nonce)
  const pieces: Buffer[] = []
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(needle)
    pieces.push(part)
  })
  return Buffer.concat(pieces)
}

/**
 * Brotli quality for a page answered from the cache, compressed whole in one call (the nonce differs in every
 * answer, so the compressed bytes cannot be kept). Measured on the product page (69 KB of HTML) on this
 * machine: quality 4 takes 0.5 ms for 11.4 KB, quality 5 0.8 ms for 10.4 KB, quality 3 0.3 ms for 11.9 KB
 * (decision 122).
 */
export const CACHED_PAGE_BROTLI_QUALITY = 3
/** Gzip level for a browser without brotli: level 3 takes 0.3 ms for 12.9 KB, level 6 0.7 ms for 11.7 KB. */
export const CACHED_PAGE_GZIP_LEVEL = 3

export function compressWhole(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: CACHED_PAGE_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      })
    : gzipSync(html, { level: CACHED_PAGE_GZIP_LEVEL })
}

/**
 * Response headers a stored page keeps: those of the render, except cookies (each answer sets its own), its
 * encoding and length (each answer is compressed anew) and the security headers (each answer has its nonce).
 */
export function storableHeaders(headers: Headers, perRequest: ReadonlySet<string>): Array<[string, string]> {
  const kept: Array<[string, string]> = []
  headers.forEach((value, name) => {
    const lower = name.toLowerCase()
    if (
      lower === 'set-cookie' ||
      lower === 'content-encoding' ||
      lower === 'content-length' ||
      lower === 'transfer-encoding' ||
      lower === 'vary' ||
      perRequest.has(lower)
    )
      return
    kept.push([name, value])
  })
  return kept
}

/** Passes `body` through unchanged and hands its whole content to `done` once it ended (not when cancelled). */
export function keepCopy(
  body: ReadableStream<Uint8Array>,
  limit: number,
  done: (content: Buffer) => void,
): ReadableStream<Uint8Array> {
  const chunks: Uint8Array[] = []
  let length = 0
  let tooLong = false
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!tooLong) {
          length += chunk.byteLength
          if (length > limit) {
            tooLong = true
            chunks.length = 0
          } else chunks.push(chunk)
        }
        controller.enqueue(chunk)
      },
      flush() {
        if (!tooLong) done(Buffer.concat(chunks))
      },
    }),
  )
}

export { MAX_PAGE_BYTES }
