import { describe, expect, it } from 'vitest'
import { DEFAULT_UNPAID_HOLD_LIMITS as limits, holdsLargeQuantity, unpaidHoldRefusal } from './unpaid-holds'

const none = { orders: 0, units: new Map<string, number>() }
const holding = (orders: number, units: Record<string, number> = {}) => ({
  orders,
  units: new Map(Object.entries(units)),
})

describe('what unpaid orders may hold', () => {
  it('refuses the connection or the contact at its limit of unpaid orders', () => {
    const line = [{ sku: 'A', quantity: 1 }]
    expect(unpaidHoldRefusal({ connection: holding(limits.perConnection - 1), contact: none }, line, limits)).toBeNull()
    expect(unpaidHoldRefusal({ connection: holding(limits.perConnection), contact: none }, line, limits)).toBe(
      'connection',
    )
    expect(unpaidHoldRefusal({ connection: none, contact: holding(limits.perContact) }, line, limits)).toBe('contact')
  })

  it('stops adding a size to what unpaid orders hold, never refuses one order alone', () => {
    expect(unpaidHoldRefusal({ connection: none, contact: none }, [{ sku: 'A', quantity: 10 }], limits)).toBeNull()
    const held = holding(1, { A: limits.unitsPerSize - 1 })
    expect(unpaidHoldRefusal({ connection: none, contact: held }, [{ sku: 'A', quantity: 1 }], limits)).toBeNull()
    expect(unpaidHoldRefusal({ connection: held, contact: none }, [{ sku: 'A', quantity: 2 }], limits)).toBe('units')
    expect(unpaidHoldRefusal({ connection: held, contact: none }, [{ sku: 'B', quantity: 5 }], limits)).toBeNull()
  })

  it('gives a large quantity of one size the shorter hold', () => {
    expect(holdsLargeQuantity([{ quantity: limits.largeQuantityUnits - 1 }, { quantity: 1 }], limits)).toBe(false)
    expect(holdsLargeQuantity([{ quantity: limits.largeQuantityUnits }], limits)).toBe(true)
  })
})
