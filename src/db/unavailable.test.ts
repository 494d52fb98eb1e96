import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('recognises a server that is down, restarting or full', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('53300', 'too many connections'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  it('looks through causes and aggregate errors (drizzle wraps the driver error)', () => {
    const driver = withCode('ECONNREFUSED')
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: driver }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true)
  })

  it('leaves the faults of a request or of the code alone', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false)
    expect(isDatabaseUnavailable(withCode('22P02', 'invalid input syntax for type uuid'))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
    const loop: { cause?: unknown } = {}
    loop.cause = loop
    expect(isDatabaseUnavailable(loop)).toBe(false)
  })
})
