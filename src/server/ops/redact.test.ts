import { describe, expect, it } from 'vitest'
import {
  isSecretParam,
  isValidRequestId,
  maskEmails,
  maskIdentity,
  MAX_LOGGED_PATH,
  REDACTED,
  redactPath,
} from './redact'

describe('maskEmails', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmails('somchai@example.com')).toBe('s***@example.com')
    expect(maskEmails('to a.b+shop@mail.example.co.th and x@y.io')).toBe('to a***@mail.example.co.th and x***@y.io')
  })

  it('masks %-encoded addresses too', () => {
    expect(maskEmails('somchai%40example.com')).toBe('s***%40example.com')
    expect(maskEmails('som%2Bchai%40example.com')).toBe('s***%40example.com')
  })

  it('leaves text without an address alone', () => {
    expect(maskEmails('/product/123?page=2')).toBe('/product/123?page=2')
    expect(maskEmails('@line-handle')).toBe('@line-handle')
  })
})

describe('maskIdentity', () => {
  it('masks an e-mail address or a telephone number', () => {
    expect(maskIdentity('somchai%40example.com')).toBe('s***@example.com')
    expect(maskIdentity('%2B66812345678')).toBe('***78')
    expect(maskIdentity('0812345678')).toBe('***78')
    expect(maskIdentity('1')).toBe('***')
  })
})

describe('isSecretParam', () => {
  it.each([
    'code',
    'CODE',
    'state',
    'token',
    'id_token',
    'access_token',
    'refresh_token',
    'challenge_token',
    'cart_token',
    'cart-token',
    'cartToken',
    'session',
    'session_id',
    'idempotency_key',
    'Idempotency-Key',
    'api_key',
    'payload',
    'sig',
    'otp',
    'login_code',
    'password',
    'client_secret',
    'code_verifier',
  ])('%s is secret', (name) => {
    expect(isSecretParam(name)).toBe(true)
  })

  it.each(['page', 'q', 'sort', 'lang', 'currency', 'size', 'region', 'redirect', 'channel', 'monkey'])(
    '%s is not',
    (name) => {
      expect(isSecretParam(name)).toBe(false)
    },
  )
})

describe('redactPath', () => {
  it('keeps an ordinary path and query as they are', () => {
    expect(redactPath('/en/category/dresses?page=2&sort=price-asc')).toBe('/en/category/dresses?page=2&sort=price-asc')
    expect(redactPath('/')).toBe('/')
    expect(redactPath('/search?q=')).toBe('/search?q=')
  })

  it('redacts the OAuth callback’s code and state', () => {
    expect(redactPath('/account/line/callback?code=Abc123xyz&state=s3cr3tState')).toBe(
      `/account/line/callback?code=${REDACTED}&state=${REDACTED}`,
    )
  })

  it('redacts tokens, keys, one-time codes and server-function payloads', () => {
    const logged = redactPath(
      '/x?id_token=eyJhbGciOi.abc.def&access_token=tok123&token=cart-abcdef&idempotency-key=k-123&otp=123456&payload=%7B%22data%22%3A%7B%22code%22%3A%22654321%22%7D%7D&page=3',
    )
    expect(logged).toBe(
      `/x?id_token=${REDACTED}&access_token=${REDACTED}&token=${REDACTED}&idempotency-key=${REDACTED}&otp=${REDACTED}&payload=${REDACTED}&page=3`,
    )
    for (const secret of ['eyJhbGciOi', 'tok123', 'cart-abcdef', 'k-123', '123456', '654321']) {
      expect(logged).not.toContain(secret)
    }
  })

  it('masks e-mail addresses in the path and in any value', () => {
    expect(redactPath('/api/public/demo/dev/outbox?recipient=somchai%40example.com')).toBe(
      '/api/public/demo/dev/outbox?recipient=s***@example.com',
    )
    expect(redactPath('/search?q=somchai@example.com')).toBe('/search?q=s***@example.com')
    expect(redactPath('/members/somchai@example.com/orders')).toBe('/members/s***@example.com/orders')
    expect(redactPath('/members/somchai%40example.com')).toBe('/members/s***%40example.com')
  })

  it('masks a telephone number in a parameter that holds one', () => {
    expect(redactPath('/dev/outbox?recipient=%2B66812345678')).toBe('/dev/outbox?recipient=***78')
  })

  it('redacts the query of a return address given as a value', () => {
    const logged = redactPath(
      `/account/login?redirect=${encodeURIComponent('/account/line/callback?code=abc999&state=zzz&page=1')}`,
    )
    expect(logged).not.toContain('abc999')
    expect(logged).not.toContain('zzz')
    expect(logged).toContain(REDACTED)
    expect(logged).toContain('page%3D1')
  })

  it('drops the origin and the fragment of a full URL', () => {
    expect(redactPath('http://shop.test:3000/cart?token=abc#top')).toBe(`/cart?token=${REDACTED}`)
  })

  it('survives bad %-escapes and cuts very long paths', () => {
    expect(redactPath('/a?%E0%A4%A=1&code=%zz')).toBe(`/a?%E0%A4%A=1&code=${REDACTED}`)
    const long = redactPath(`/${'a'.repeat(5000)}`)
    expect(long.length).toBe(MAX_LOGGED_PATH + 1)
    expect(long.endsWith('…')).toBe(true)
  })
})

describe('isValidRequestId', () => {
  it('keeps ids a proxy or a client would send', () => {
    expect(isValidRequestId('3f2c1a7e-9b7e-4c52-a1d1-2f1c0d9b8e77')).toBe(true)
    expect(isValidRequestId('nginx.1234:abc_DEF')).toBe(true)
  })

  it('refuses anything that could smuggle text into a log', () => {
    expect(isValidRequestId(null)).toBe(false)
    expect(isValidRequestId('')).toBe(false)
    expect(isValidRequestId('a b')).toBe(false)
    expect(isValidRequestId('x\n{"level":"info"}')).toBe(false)
    expect(isValidRequestId('somchai@example.com')).toBe(false)
    expect(isValidRequestId('a'.repeat(129))).toBe(false)
  })
})
