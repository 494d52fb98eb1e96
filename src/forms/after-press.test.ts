// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterPress } from './after-press'

function pointer(type: 'pointerdown' | 'pointerup' | 'pointercancel', pointerType: string) {
  const event = new Event(type, { bubbles: true })
  Object.defineProperty(event, 'pointerType', { value: pointerType })
  document.body.dispatchEvent(event)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  pointer('pointerup', 'mouse')
  vi.runAllTimers()
  vi.useRealTimers()
})

describe('afterPress', () => {
  it('checks at once when no pointer is pressed (a field left by keyboard)', () => {
    const check = vi.fn()
    afterPress(check)
    expect(check).toHaveBeenCalledTimes(1)
  })

  it('holds a check back until the mouse press is over and its click is dispatched', () => {
    const order: string[] = []
    pointer('pointerdown', 'mouse')
    afterPress(() => order.push('check'))
    expect(order).toEqual([])
    pointer('pointerup', 'mouse')
    order.push('click')
    vi.runAllTimers()
    expect(order).toEqual(['click', 'check'])
  })

  it('runs each held check once, also when the press is cancelled', () => {
    const check = vi.fn()
    pointer('pointerdown', 'pen')
    afterPress(check)
    afterPress(check)
    pointer('pointercancel', 'pen')
    vi.runAllTimers()
    expect(check).toHaveBeenCalledTimes(2)
    pointer('pointerup', 'pen')
    vi.runAllTimers()
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('does not hold back a check for a touch (focus moves after the finger is lifted)', () => {
    const check = vi.fn()
    pointer('pointerdown', 'touch')
    afterPress(check)
    expect(check).toHaveBeenCalledTimes(1)
  })

  it('checks after two seconds when the release never comes', () => {
    const check = vi.fn()
    pointer('pointerdown', 'mouse')
    afterPress(check)
    vi.advanceTimersByTime(1999)
    expect(check).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(check).toHaveBeenCalledTimes(1)
  })
})
