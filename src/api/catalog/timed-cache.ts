/**
 * Loads kept by key for a fixed time (the catalog's listing counts): the promise is kept, so callers at the same time
 * share one load; a failed load is not kept, and the oldest entry goes first once the cache is full. A time of 0
 * keeps nothing.
 */
export class TimedCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>()
  constructor(
    private readonly ms: number,
    private readonly size: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.until > now) return hit.value
    if (this.ms <= 0) return load()
    const value = load()
    this.entries.delete(key)
    this.entries.set(key, { until: now + this.ms, value })
    // A failed count is not kept: the next request asks again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    // The oldest entry goes first once the cache is full.
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value ?? key)
    return value
  }
}
