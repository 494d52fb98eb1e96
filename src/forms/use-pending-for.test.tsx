// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePendingFor } from './use-pending-for'
import { deferred } from './hook-test.fixture'

afterEach(cleanup)

describe('usePendingFor', () => {
  it('names the item an action runs for until it ends, and gives back its result', async () => {
    const { result } = renderHook(() => usePendingFor<string>())
    expect(result.current[0]).toBeNull()
    const gate = deferred<number>()
    let outcome: Promise<number> | undefined
    act(() => {
      outcome = result.current[1]('address-1', () => gate.promise)
    })
    expect(result.current[0]).toBe('address-1')
    await act(async () => {
      gate.resolve(7)
      await outcome
    })
    expect(await outcome).toBe(7)
    expect(result.current[0]).toBeNull()
  })

  it('names none once the action throws, and the error reaches the caller', async () => {
    const { result } = renderHook(() => usePendingFor<string>())
    let outcome: Promise<unknown> | undefined
    await act(async () => {
      outcome = result.current[1]('device-2', () => Promise.reject(new Error('gone'))).catch((error: unknown) => error)
      await outcome
    })
    expect(await outcome).toEqual(new Error('gone'))
    expect(result.current[0]).toBeNull()
  })

  it('names the last item while several run, and none once the last has ended', async () => {
    const { result } = renderHook(() => usePendingFor<string>())
    const first = deferred<undefined>()
    const second = deferred<undefined>()
    let runs: Promise<undefined>[] = []
    act(() => {
      runs = [result.current[1]('a', () => first.promise), result.current[1]('b', () => second.promise)]
    })
    expect(result.current[0]).toBe('b')
    await act(async () => {
      first.resolve(undefined)
      await runs[0]
    })
    expect(result.current[0]).toBe('b')
    await act(async () => {
      second.resolve(undefined)
      await runs[1]
    })
    expect(result.current[0]).toBeNull()
  })
})
