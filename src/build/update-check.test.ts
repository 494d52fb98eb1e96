import { describe, expect, it } from 'vitest'
import { chunkReloadAllowed, CHUNK_RELOAD_GUARD_MS, isChunkLoadError, isNewBuild } from './update-check'

describe('build updates (§4)', () => {
  it('reloads only for a different, non-empty id', () => {
    expect(isNewBuild('a', 'b')).toBe(true)
    expect(isNewBuild('a', 'a')).toBe(false)
    expect(isNewBuild('a', '')).toBe(false)
    expect(isNewBuild('a', '  ')).toBe(false)
    expect(isNewBuild('a', undefined)).toBe(false)
    expect(isNewBuild('a', 42)).toBe(false)
  })

  it('reloads after a chunk failure at most once per 10 s', () => {
    expect(chunkReloadAllowed(50_000, null)).toBe(true)
    expect(chunkReloadAllowed(50_000, 50_000 - CHUNK_RELOAD_GUARD_MS + 1)).toBe(false)
    expect(chunkReloadAllowed(50_000, 50_000 - CHUNK_RELOAD_GUARD_MS)).toBe(true)
  })

  it('recognises chunk load errors of the main browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })
})
