import { describe, expect, it } from 'vitest'
import { createLifecycle } from './lifecycle.server'

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the shutdown of the server', () => {
  it('lets the requests under way finish, then stops background work, then closes the database', async () => {
    const order: string[] = []
    const life = createLifecycle(async () => {
      order.push('database closed')
    })
    life.onShutdown('queue', async () => {
      order.push('queue stopped')
    })
    life.requestStarted()
    life.requestStarted()
    const done = life.shutdown({ drainMs: 5_000 }).then(() => order.push('done'))
    expect(life.isStopping()).toBe(true)
    await later(30)
    life.requestFinished()
    order.push('first request finished')
    await later(30)
    expect(order).toEqual(['first request finished'])
    life.requestFinished()
    order.push('second request finished')
    await done
    expect(order).toEqual([
      'first request finished',
      'second request finished',
      'queue stopped',
      'database closed',
      'done',
    ])
  })

  it('is bounded: a request that never ends delays the close by the drain time only', async () => {
    const lines: string[] = []
    let closed = false
    const life = createLifecycle(async () => {
      closed = true
    })
    life.requestStarted()
    const started = Date.now()
    await life.shutdown({ drainMs: 150, log: (line) => lines.push(line) })
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    expect(closed).toBe(true)
    expect(lines.join('\n')).toContain('1 request(s) still under way after 150 ms')
  })

  it('closes the database even when background work hangs or fails, and runs once', async () => {
    let closes = 0
    const lines: string[] = []
    const life = createLifecycle(async () => {
      closes++
    })
    life.onShutdown('stuck', () => new Promise<void>(() => undefined))
    life.onShutdown('broken', () => Promise.reject(new Error('boom')))
    const first = life.shutdown({ drainMs: 10, closeMs: 100, log: (line) => lines.push(line) })
    const second = life.shutdown({ drainMs: 10 })
    await Promise.all([first, second])
    expect(closes).toBe(1)
    expect(lines.join('\n')).toContain('stuck did not end within 100 ms')
    expect(lines.join('\n')).toContain('broken failed: Error: boom')
  })
})
