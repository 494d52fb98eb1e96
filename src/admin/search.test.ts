import { describe, expect, it } from 'vitest'
import { MAX_PAGE, MAX_QUERY_LENGTH, ordersSearchSchema, signInSearchSchema } from './search'

const parse = (search: Record<string, unknown>) => ordersSearchSchema.parse(search)
const DEFAULTS = { page: 1, size: 25, sort: 'placed', dir: 'desc', q: undefined }

describe('ordersSearchSchema (the orders list in the URL)', () => {
  it('reads an empty search as the first page, newest first', () => {
    expect(parse({})).toEqual(DEFAULTS)
  })

  it('reads the values the router hands over, as strings or numbers', () => {
    expect(parse({ page: 2, size: 50, sort: 'total', dir: 'asc', q: 'A-1001' })).toEqual({
      page: 2,
      size: 50,
      sort: 'total',
      dir: 'asc',
      q: 'A-1001',
    })
    expect(parse({ page: '3', size: '100' })).toMatchObject({ page: 3, size: 100 })
  })

  it.each([
    ['page', 0],
    ['page', -1],
    ['page', 1.5],
    ['page', 'two'],
    ['page', MAX_PAGE + 1],
    ['page', null],
    ['size', 30],
    ['size', 'all'],
    ['sort', 'customer'],
    ['sort', 'placed; drop table'],
    ['dir', 'up'],
    ['dir', ['asc']],
  ])('falls back to the default for %s=%j instead of failing', (key, value) => {
    expect(parse({ [key]: value })).toEqual(DEFAULTS)
  })

  it('trims the query, drops an empty or overlong one', () => {
    expect(parse({ q: '  silk  ' }).q).toBe('silk')
    expect(parse({ q: '   ' }).q).toBeUndefined()
    expect(parse({ q: 'x'.repeat(MAX_QUERY_LENGTH + 1) }).q).toBeUndefined()
    expect(parse({ q: 42 }).q).toBeUndefined()
  })

  it('drops parameters it does not know', () => {
    expect(parse({ page: 2, admin: true, __proto__: { x: 1 } })).toEqual({ ...DEFAULTS, page: 2 })
  })
})

describe('ordersSearchSchema: the filters (issue 31 item 5)', () => {
  it('keeps the filters the list offers', () => {
    const filters = {
      status: 'paid',
      payment: 'pending',
      method: 'bank_transfer',
      currency: 'thb',
      from: '2026-11-01',
      to: '2026-11-27',
      store: 'siam-paragon',
      returns: 'open',
    }
    expect(parse(filters)).toEqual({ ...DEFAULTS, ...filters })
  })

  it.each([
    ['status', 'lost'],
    ['payment', 'maybe'],
    ['method', 'cash'],
    ['currency', 'eur'],
    ['from', '27/11/2026'],
    ['to', '2026-13-45'],
    ['store', 'Siam Paragon; drop'],
    ['returns', 'all'],
  ])('drops %s=%j instead of failing', (key, value) => {
    expect(parse({ [key]: value })).toEqual(DEFAULTS)
  })
})

describe('signInSearchSchema (where the sign-in returns to)', () => {
  it.each(['/', '/orders', '/orders?page=2&sort=total'])('keeps a path of the back office: %s', (redirect) => {
    expect(signInSearchSchema.parse({ redirect })).toEqual({ redirect })
  })

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/admin',
    'orders',
    '/or ders',
    42,
    '/x'.repeat(300),
  ])('drops anything else: %j', (redirect) => {
    expect(signInSearchSchema.parse({ redirect })).toEqual({ redirect: undefined })
  })
})
