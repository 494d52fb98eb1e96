import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, instanceName, logger, setLogger } from './logger.server'

function capture() {
  const lines: Array<Record<string, unknown>> = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { lines, destination }
}

describe('createLogger', () => {
  it('writes JSON lines with the level by name, an ISO time and the instance', () => {
    const { lines, destination } = capture()
    createLogger({ destination, instance: 'app-1', level: 'info' }).info({ status: 200 }, 'request')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'info', instance: 'app-1', status: 200, msg: 'request' })
    expect(new Date(String(lines[0]?.time)).toISOString()).toBe(lines[0]?.time)
  })

  it('honours the level', () => {
    const { lines, destination } = capture()
    const log = createLogger({ destination, level: 'warn' })
    log.info('not written')
    log.debug('not written')
    log.warn('written')
    expect(lines.map((line) => line.msg)).toEqual(['written'])
  })

  it('blanks fields named like a secret, should a caller pass one', () => {
    const { lines, destination } = capture()
    createLogger({ destination }).info(
      { code: '123456', token: 'abc', email: 'somchai@example.com', body: { code: '654321' } },
      'oops',
    )
    const text = JSON.stringify(lines)
    for (const secret of ['123456', 'abc"', 'somchai', '654321']) expect(text).not.toContain(secret)
  })
})

describe('logger', () => {
  afterEach(() => setLogger(createLogger({ level: 'silent' })))

  it('is one per process, kept on globalThis', () => {
    const { lines, destination } = capture()
    setLogger(createLogger({ destination }))
    logger().info('hello')
    expect(lines).toHaveLength(1)
    expect(logger()).toBe(logger())
  })

  it('names the instance INSTANCE_ID, else host and port', () => {
    expect(instanceName({ INSTANCE_ID: 'app-2' })).toBe('app-2')
    expect(instanceName({ PORT: '3001' })).toMatch(/:3001$/)
  })
})
