import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  parseViewed,
  readViewed,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  subscribeViewed,
  withViewed,
  writeViewed,
  type ViewedPiece,
} from './recently-viewed'

/** A Storage over a Map, as a browser's localStorage behaves (setItem may be made to fail like a full one). */
function memoryStorage(failWrites = false): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      items.set(key, String(value))
    },
  }
}

/** A window whose localStorage is `storage`, or whose localStorage getter throws (storage refused). */
function stubWindow(storage: Storage | 'refused') {
  const target = new EventTarget()
  const window = Object.defineProperty(target, 'localStorage', {
    get: () => {
      if (storage === 'refused') throw new DOMException('The operation is insecure.', 'SecurityError')
      return storage
    },
  })
  vi.stubGlobal('window', window)
  return window
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const piece = (id: string, color?: string): ViewedPiece => (color ? { id, color } : { id })

describe('the kept list', () => {
  it('reads back what was written, and nothing from anything else', () => {
    expect(parseViewed(JSON.stringify([piece('a-1'), piece('b-2', 'black')]))).toEqual([
      piece('a-1'),
      piece('b-2', 'black'),
    ])
    for (const junk of [null, '', '{not json', 'null', '7', '"a-1"', '{"id":"a-1"}']) {
      expect(parseViewed(junk), String(junk)).toEqual([])
    }
  })

  it('skips entries of the wrong shape, keeps the good ones, and drops a colour that is no slug', () => {
    const raw = JSON.stringify([
      null,
      7,
      'a-1',
      { id: '../../etc/passwd' },
      { id: 'Upper-Case' },
      { id: 'x'.repeat(161) },
      { id: 'good-1', color: '<script>' },
      { id: 'good-2', color: 'sand', name: 'not kept' },
    ])
    expect(parseViewed(raw)).toEqual([piece('good-1'), piece('good-2', 'sand')])
  })

  it('keeps one entry per family and at most the cap, even from a tampered store', () => {
    const many = Array.from({ length: 40 }, (_, index) => piece(`p-${index % 20}`))
    const parsed = parseViewed(JSON.stringify(many))
    expect(parsed).toHaveLength(RECENTLY_VIEWED_MAX)
    expect(new Set(parsed.map((entry) => entry.id)).size).toBe(RECENTLY_VIEWED_MAX)
  })

  it('puts the piece viewed first, once per family with the colour last seen, and forgets the oldest', () => {
    let list: ViewedPiece[] = []
    list = withViewed(list, piece('a-1'))
    list = withViewed(list, piece('b-2'))
    list = withViewed(list, piece('a-1', 'black'))
    expect(list).toEqual([piece('a-1', 'black'), piece('b-2')])
    for (let index = 0; index < 20; index++) list = withViewed(list, piece(`c-${index}`))
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX)
    expect(list[0]).toEqual(piece('c-19'))
    expect(list.some((entry) => entry.id === 'a-1')).toBe(false)
  })
})

describe('the device storage', () => {
  it('writes, reads, tells the listeners and forgets', () => {
    const storage = memoryStorage()
    stubWindow(storage)
    const heard = vi.fn()
    const stop = subscribeViewed(heard)
    expect(writeViewed([piece('a-1'), piece('b-2', 'sand')])).toBe(true)
    expect(storage.getItem(RECENTLY_VIEWED_KEY)).toBe('[{"id":"a-1"},{"id":"b-2","color":"sand"}]')
    expect(readViewed()).toEqual([piece('a-1'), piece('b-2', 'sand')])
    expect(heard).toHaveBeenCalledTimes(1)
    expect(writeViewed([])).toBe(true)
    expect(storage.getItem(RECENTLY_VIEWED_KEY)).toBeNull()
    expect(heard).toHaveBeenCalledTimes(2)
    stop()
    writeViewed([piece('c-3')])
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('hears another tab change the list, and no other key', () => {
    const window = stubWindow(memoryStorage())
    const heard = vi.fn()
    const stop = subscribeViewed(heard)
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'something_else' }))
    expect(heard).not.toHaveBeenCalled()
    window.dispatchEvent(Object.assign(new Event('storage'), { key: RECENTLY_VIEWED_KEY }))
    window.dispatchEvent(Object.assign(new Event('storage'), { key: null }))
    expect(heard).toHaveBeenCalledTimes(2)
    stop()
  })

  it('a full storage or a refused one reads as nothing and fails no write with an exception', () => {
    stubWindow(memoryStorage(true))
    expect(writeViewed([piece('a-1')])).toBe(false)
    expect(readViewed()).toEqual([])
    stubWindow('refused')
    expect(writeViewed([piece('a-1')])).toBe(false)
    expect(readViewed()).toEqual([])
  })
})
