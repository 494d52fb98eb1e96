// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePending } from './use-pending'
import { deferred } from './hook-test.fixture'

afterEach(cleanup)

describe('usePending', () => {
  it('is pending while the action runs and gives back its result', async () => {
    const { result } = renderHook(() => usePending())
    expect(result.current[0]).toBe(false)
    const gate = deferred<string>()
    let outcome: Promise<string> | undefined
    act(() => {
      outcome = result.current[1](() => gate.promise)
    })
    expect(result.current[0]).toBe(true)
    await act(async () => {
      gate.resolve('done')
      await outcome
    })
    expect(await outcome).toBe('done')
    expect(result.current[0]).toBe(false)
  })

  it('is no longer pending when the action throws, and the error reaches the caller', async () => {
    const { result } = renderHook(() => usePending())
    let outcome: Promise<unknown> | undefined
    await act(async () => {
      outcome = result.current[1](() => Promise.reject(new Error('refused'))).catch((error: unknown) => error)
      await outcome
    })
    expect(await outcome).toEqual(new Error('refused'))
    expect(result.current[0]).toBe(false)
  })

  it('stays pending until the last of several actions ends', async () => {
    const { result } = renderHook(() => usePending())
    const first = deferred<undefined>()
    const second = deferred<undefined>()
    let runs: Promise<undefined>[] = []
    act(() => {
      runs = [result.current[1](() => first.promise), result.current[1](() => second.promise)]
    })
    await act(async () => {
      first.resolve(undefined)
      await runs[0]
    })
    expect(result.current[0]).toBe(true)
    await act(async () => {
      second.resolve(undefined)
      await runs[1]
    })
    expect(result.current[0]).toBe(false)
  })
})
