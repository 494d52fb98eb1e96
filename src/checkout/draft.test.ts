import { describe, expect, it } from 'vitest'
import { emptyAddress } from '~/domain/address-core'
import { CHECKOUT_DRAFT_KEY, readCheckoutDraft, writeCheckoutDraft, type CheckoutDraft } from './draft'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) }
}

const address = { ...emptyAddress('TH'), firstname: 'สมชาย', lastname: 'ใจดี', postcode: '10110' }
const draft: CheckoutDraft = {
  email: 'somchai@example.com',
  telephone: '0812345678',
  shipping: 'courier',
  storeId: '',
  address,
  addressTyped: { ...address, address: '99/1 ถนนสุขุมวิท' },
  codeInput: 'NEW2',
  code: null,
  payment: 'bank_transfer',
  guestChoice: true,
}

describe('the checkout draft', () => {
  it('reads back what was written, with or without a typed address', () => {
    const storage = memoryStorage()
    writeCheckoutDraft(storage, draft)
    expect(readCheckoutDraft(storage)).toEqual(draft)
    const { addressTyped: _typed, ...withoutTyped } = draft
    writeCheckoutDraft(storage, { ...withoutTyped, address: null, code: 'NEW200' })
    expect(readCheckoutDraft(storage)).toEqual({ ...withoutTyped, address: null, code: 'NEW200' })
  })

  it('is null when nothing was kept, the storage refuses, or anything is of the wrong kind', () => {
    const storage = memoryStorage()
    expect(readCheckoutDraft(storage)).toBeNull()
    expect(readCheckoutDraft(null)).toBeNull()
    const broken: unknown[] = [
      'not json',
      [],
      { ...draft, shipping: 'drone' },
      { ...draft, email: 42 },
      { ...draft, guestChoice: 'yes' },
      { ...draft, code: 7 },
      { ...draft, telephone: 'x'.repeat(301) },
      { ...draft, address: { ...address, postcode: undefined } },
      { ...draft, address: 'Bangkok' },
      { ...draft, addressTyped: { ...address, country: ['TH'] } },
    ]
    for (const value of broken) {
      storage.items.set(CHECKOUT_DRAFT_KEY, typeof value === 'string' ? value : JSON.stringify(value))
      expect(readCheckoutDraft(storage), JSON.stringify(value)).toBeNull()
    }
    const throwing = {
      getItem: () => {
        throw new DOMException('refused', 'SecurityError')
      },
    }
    expect(readCheckoutDraft(throwing)).toBeNull()
  })
})
