import type { MiddlewareHandler } from 'hono'

/**
 * The product API's catalog answers kept in memory (issue 18, decision 124): a GET the API itself marks shareable
 * (`Cache-Control: public`) is answered again from here until the catalog changes. Whoever creates the API decides
 * when that is: the server empties it on every committed change it hears (NOTIFY, migration 0014) and keeps
 * nothing while it cannot hear them.
 */
export type KeptAnswer = { body: Uint8Array; headers: Array<[string, string]> }

export type CatalogReadsOptions = {
  /** Whether changes are heard right now: nothing is kept or answered from memory otherwise. */
  active: () => boolean
  /** A count that moves on every change: an answer computed across a change is not kept. */
  generation: () => number
  maxEntries?: number
  maxBytes?: number
}

export class CatalogReads {
  private readonly entries = new Map<string, KeptAnswer>()
  private held = 0
  private readonly maxEntries: number
  private readonly maxBytes: number

  constructor(private readonly options: CatalogReadsOptions) {
    this.maxEntries = options.maxEntries ?? 5_000
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024
  }

  active(): boolean {
    return this.options.active()
  }

  generation(): number {
    return this.options.generation()
  }

  get(key: string): KeptAnswer | undefined {
    if (!this.options.active()) return undefined
    const answer = this.entries.get(key)
    if (!answer) return undefined
    this.entries.delete(key)
    this.entries.set(key, answer)
    return answer
  }

  /** Keeps `answer` if nothing changed since `generation` was read and changes are still heard. */
  set(key: string, answer: KeptAnswer, generation: number): boolean {
    if (!this.options.active() || generation !== this.options.generation()) return false
    if (answer.body.byteLength > this.maxBytes / 16) return false
    this.delete(key)
    this.entries.set(key, answer)
    this.held += answer.body.byteLength
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes && this.entries.size <= this.maxEntries) break
      this.entries.delete(oldest)
      this.held -= entry.body.byteLength
    }
    return true
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.held -= entry.body.byteLength
  }

  clear(): void {
    this.entries.clear()
    this.held = 0
  }

  get size(): number {
    return this.entries.size
  }
}

/** Whether an answer says any cache may keep it (the API marks catalog answers `public, max-age=…`). */
export function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has('Set-Cookie') &&
    /(?:^|,)\s*public\b/i.test(response.headers.get('Cache-Control') ?? '')
  )
}

/**
 * The API's middleware that answers a GET from `reads` when it was kept, and keeps a shareable answer computed while
 * the catalog did not change (X-Catalog-Cache: hit on an answer from memory).
 */
export function keepCatalogReads(reads: CatalogReads): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next()
    const url = new URL(c.req.url)
    const key = url.pathname + url.search
    const kept = reads.get(key)
    if (kept) {
      const headers = new Headers(kept.headers)
      headers.set('X-Catalog-Cache', 'hit')
      return new Response(kept.body.slice(), { status: 200, headers })
    }
    const generation = reads.generation()
    await next()
    if (!isShareable(c.res) || !reads.active()) return
    const body = new Uint8Array(await c.res.clone().arrayBuffer())
    reads.set(key, { body, headers: [...c.res.headers] }, generation)
  }
}
