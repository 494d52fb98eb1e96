import { describe, expect, it } from 'vitest'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { databaseErrorDetails, errorCode, loggableError } from './error-details'

const pgError = Object.assign(new Error('value "2147483648" is out of range for type integer'), {
  code: '22003',
  severity: 'ERROR',
  table: 'orders',
  column: 'total',
  constraint: undefined,
  routine: 'pg_strtoint32_safe',
  detail: 'Key (email)=(someone@example.com)',
})

describe('database errors in a log line', () => {
  it('keeps the SQLSTATE, where and the SQL, never the parameters, message or detail', () => {
    const wrapped = new DrizzleQueryError(
      'insert into "orders" ("email") values ($1)',
      ['someone@example.com'],
      pgError,
    )
    const details = databaseErrorDetails(wrapped)
    expect(details).toEqual({
      sqlstate: '22003',
      severity: 'ERROR',
      table: 'orders',
      column: 'total',
      constraint: null,
      routine: 'pg_strtoint32_safe',
      query: 'insert into "orders" ("email") values ($1)',
    })
    const logged = JSON.stringify(loggableError(wrapped))
    expect(logged).not.toContain('someone@example.com')
    expect(logged).not.toContain('2147483648')
  })

  it('gives other errors their message, and a query error without a SQLSTATE only its SQL', () => {
    expect(loggableError(new TypeError('boom'))).toMatchObject({ error: { name: 'TypeError', message: 'boom' } })
    const driver = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const wrapped = new DrizzleQueryError('select $1', ['secret@example.com'], driver)
    expect(JSON.stringify(loggableError(wrapped))).not.toContain('secret@example.com')
    expect(errorCode(wrapped)).toBe('ECONNREFUSED')
    expect(databaseErrorDetails(null)).toBeNull()
  })
})
